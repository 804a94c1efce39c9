// The access matrix of team collaboration (issue 34, ADR 041): on one project (its files, playlist,
// chapters, renders) and one program shared with an editor and a viewer, the viewer is refused
// every write (403, and nothing changes) while every read answers; the editor may change but not
// share or delete the project; a removed member loses access at once; strangers still get 404.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call, type Member, signUp } from "../../../tests/workers/http";
import { expectMatrix, type RouteCall } from "../../../tests/workers/matrix";
import { addToPlaylist, playlistOf, programWith, projectWith } from "../../../tests/workers/playlists";
import { joinAs, latestInvitationToken } from "../../../tests/workers/teams";
import { database } from "../../db/client";
import { files, playlistItems, programFiles } from "../../db/schema";

const db = database(env.DB);

let owner: Member;
let editor: Member;
let viewer: Member;
let stranger: Member;
let projectId: string;
let fileId: string;
let noteId: string;
let playlistId: string;
let itemId: string;
let programId: string;
let programFileId: string;
let applicationId: string;
let viewerShowId: string;

beforeAll(async () => {
  owner = await signUp();
  stranger = await signUp();
  const ep = await projectWith(owner.cookie, ["audio", "audio"], "Shared_show");
  projectId = ep.projectId;
  fileId = ep.fileIds[0]!;
  await addToPlaylist(owner.cookie, projectId, [ep.fileIds[0]!]);
  const playlist = await playlistOf(owner.cookie, projectId);
  playlistId = playlist.id;
  itemId = playlist.items[0].id;
  programId = await programWith(owner.cookie, ["a"], "audio");
  [{ id: programFileId }] = (await db
    .select({ id: programFiles.id })
    .from(programFiles)
    .where(eq(programFiles.programId, programId))) as [{ id: string }];
  const applied = await call("/api/program-applications", {
    cookie: owner.cookie,
    json: { programId, playlistIds: [playlistId] },
  });
  applicationId = (await applied.json<any>()).applications[0].applicationId;
  const note = await call(`/api/files/${fileId}/notes`, { cookie: owner.cookie, json: { note: "keep" } });
  noteId = (await note.json<any>()).note.id;
  editor = await joinAs(owner, "editor", { projectId });
  viewer = await joinAs(owner, "viewer", { projectId });
  await call(`/api/programs/${programId}/invitations`, {
    cookie: owner.cookie,
    json: { email: viewer.form.email, role: "viewer" },
  });
  await call(`/api/invitations/${await latestInvitationToken(viewer.form.email)}/accept`, {
    cookie: viewer.cookie,
    method: "POST",
  });
  const show = await call("/api/shows", {
    cookie: viewer.cookie,
    json: {
      title: "Viewer's show",
      slug: `viewer-show-${Date.now()}`,
      description: "Mine",
      author: "V",
      category: "Leisure",
      language: "en",
      explicit: false,
    },
  });
  viewerShowId = (await show.json<any>()).show.id;
});

const reads = (): RouteCall[] => [
  ["GET", `/api/projects/${projectId}/files`],
  ["GET", `/api/files/${fileId}`],
  ["POST", `/api/files/${fileId}/download`],
  ["GET", `/api/projects/${projectId}/playlist`],
  ["GET", `/api/playlists/${playlistId}/applications`],
  ["GET", `/api/playlists/${playlistId}/chapters`],
  ["GET", `/api/projects/${projectId}/members`],
  ["GET", `/api/projects/${projectId}/activity`],
  ["POST", "/api/packages", { playlistIds: [playlistId] }],
];

/** Every write on the project, its files, playlist, chapters, renders, and the shared program; none may succeed for a viewer. */
const writes = (): RouteCall[] => [
  ["PUT", `/api/files/${fileId}/slot`, { slotPosition: "b" }],
  ["POST", `/api/files/${fileId}/notes`, { note: "viewer was here" }],
  ["DELETE", `/api/files/${fileId}/notes/${noteId}`],
  ["POST", `/api/projects/${projectId}/playlist/items`, { fileIds: [fileId] }],
  ["PUT", `/api/playlists/${playlistId}/order`, { itemIds: [itemId] }],
  ["PUT", `/api/playlist-items/${itemId}/slot`, { slotPosition: "q" }],
  ["PUT", `/api/playlist-items/${itemId}/chapter`, { title: "Intro" }],
  ["POST", "/api/chapters", { itemId, at: "0:01", title: "Later" }],
  ["POST", "/api/program-applications/preview", { programId, playlistIds: [playlistId] }],
  ["POST", "/api/program-applications", { programId, playlistIds: [playlistId] }],
  ["POST", `/api/program-applications/${applicationId}/undo`],
  ["POST", "/api/renders", { playlistIds: [playlistId] }],
  // Publishing the shared playlist as an episode of the viewer's own show distributes it.
  ["POST", `/api/shows/${viewerShowId}/episodes`, { playlistId, title: "Not mine", description: "Notes" }],
  [
    "POST",
    "/api/uploads",
    { purpose: "project-file", projectId, fileName: "x.png", contentType: "image/png", size: 100 },
  ],
  [
    "POST",
    "/api/uploads",
    { purpose: "playlist-item", projectId, fileName: "x.mp3", contentType: "audio/mpeg", size: 100 },
  ],
  [
    "POST",
    "/api/uploads",
    { purpose: "program-file", programId, slotPosition: "c", fileName: "x.mp3", contentType: "audio/mpeg", size: 100 },
  ],
  ["PUT", `/api/program-files/${programFileId}/slot`, { slotPosition: "d" }],
  ["POST", `/api/projects/${projectId}/invitations`, { email: "someone@example.com", role: "viewer" }],
  ["PUT", `/api/projects/${projectId}/members/${"x"}`, { role: "owner" }],
  ["DELETE", `/api/playlist-items/${itemId}`],
  ["DELETE", `/api/program-files/${programFileId}`],
  ["DELETE", `/api/programs/${programId}`],
  ["DELETE", `/api/files/${fileId}`],
  ["DELETE", `/api/projects/${projectId}`],
];

describe("access matrix of a shared project", () => {
  it("answers a viewer every read", async () => {
    await expectMatrix(reads(), { owner: "ok" }, { owner: viewer.cookie });
    const list = await (await call("/api/projects", { cookie: viewer.cookie })).json<any>();
    expect(list.projects).toEqual([
      expect.objectContaining({ id: projectId, role: "viewer", sharedBy: owner.form.name }),
    ]);
    const programs = await (await call("/api/programs", { cookie: viewer.cookie })).json<any>();
    expect(programs.programs.map((p: any) => [p.id, p.role])).toEqual([[programId, "viewer"]]);
  });

  it("refuses a viewer every write with 403, and changes nothing", async () => {
    const before = await db.select().from(files).where(eq(files.projectId, projectId));
    const items = await db.select().from(playlistItems).where(eq(playlistItems.playlistId, playlistId));
    await expectMatrix(writes(), { other: 403 }, { other: viewer.cookie });
    expect(await db.select().from(files).where(eq(files.projectId, projectId))).toEqual(before);
    expect(await db.select().from(playlistItems).where(eq(playlistItems.playlistId, playlistId))).toEqual(items);
    const refused = await call(`/api/files/${fileId}/slot`, {
      method: "PUT",
      json: { slotPosition: "b" },
      cookie: viewer.cookie,
    });
    expect(await refused.json()).toMatchObject({
      error: { code: "forbidden", message: "You can view this project but not change it." },
    });
  });

  it("still answers a stranger 404 for every read and write", async () => {
    await expectMatrix([...reads(), ...writes()], { other: 404 }, { other: stranger.cookie });
  });

  it("lets an editor change the project but not share it or delete it", async () => {
    const order = await db
      .select({ id: playlistItems.id })
      .from(playlistItems)
      .where(eq(playlistItems.playlistId, playlistId));
    await expectMatrix(
      [
        ["PUT", `/api/files/${fileId}/slot`, { slotPosition: "b" }],
        ["POST", `/api/files/${fileId}/notes`, { note: "edited" }],
        ["PUT", `/api/playlist-items/${itemId}/slot`, { slotPosition: "q" }],
        ["PUT", `/api/playlists/${playlistId}/order`, { itemIds: order.map((i) => i.id).reverse() }],
      ],
      { owner: "ok" },
      { owner: editor.cookie },
    );
    await expectMatrix(
      [
        ["POST", `/api/projects/${projectId}/invitations`, { email: "someone@example.com", role: "viewer" }],
        ["PUT", `/api/projects/${projectId}/members/${viewer.user.id}`, { role: "editor" }],
        ["DELETE", `/api/projects/${projectId}/members/${viewer.user.id}`],
        ["DELETE", `/api/projects/${projectId}`],
      ],
      { other: 403 },
      { other: editor.cookie },
    );
    const view = await (await call(`/api/files/${fileId}`, { cookie: owner.cookie })).json<any>();
    expect(view.notes.map((n: any) => [n.text, n.author])).toContainEqual(["edited", editor.form.name]);
    const { activity } = await (
      await call(`/api/projects/${projectId}/activity`, { cookie: owner.cookie })
    ).json<any>();
    expect(activity.map((a: any) => `${a.who}: ${a.action}`)).toEqual(
      expect.arrayContaining([
        `${editor.form.name}: changed the playlist`,
        `${editor.form.name}: added a note`,
        `${owner.form.name}: invited`,
        `${owner.form.name}: applied a program`,
        `${owner.form.name}: uploaded`,
      ]),
    );
  });

  it("takes access away from a removed member at once", async () => {
    const removed = await call(`/api/projects/${projectId}/members/${viewer.user.id}`, {
      method: "DELETE",
      cookie: owner.cookie,
    });
    expect(removed.status).toBe(204);
    expect((await call(`/api/projects/${projectId}/playlist`, { cookie: viewer.cookie })).status).toBe(404);
    expect((await call(`/api/files/${fileId}`, { cookie: viewer.cookie })).status).toBe(404);
    const list = await (await call("/api/projects", { cookie: viewer.cookie })).json<any>();
    expect(list.projects).toEqual([]);
  });
});
