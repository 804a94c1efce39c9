// Sharing a show (issue 34, ADR 054): the owner invites an editor and a viewer by e-mail; the
// editor publishes and edits episodes of the show but cannot share it; the viewer sees the show's
// private pages (episodes, stats, team) and is refused every write with 403 and nothing changed;
// a stranger gets 404 everywhere; a removed member loses access at once.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call, type Member, signUp } from "../../../tests/workers/http";
import { expectMatrix, type RouteCall } from "../../../tests/workers/matrix";
import { act, html } from "../../../tests/workers/pages";
import { addToPlaylist, playlistOf, projectWith } from "../../../tests/workers/playlists";
import { joinAs, latestInvitationToken } from "../../../tests/workers/teams";
import { database } from "../../db/client";
import { showEpisodes, shows } from "../../db/schema";

const db = database(env.DB);

let owner: Member;
let editor: Member;
let viewer: Member;
let stranger: Member;
let showId: string;
let slug: string;
let episodeId: string;
let editorPlaylistId: string;

const SHOW = { description: "Shared", author: "O", category: "Leisure", language: "en", explicit: false };

beforeAll(async () => {
  owner = await signUp({}, "198.51.100.154");
  stranger = await signUp({}, "198.51.100.154");
  slug = `team-show-${Date.now()}`;
  const made = await call("/api/shows", { cookie: owner.cookie, json: { ...SHOW, title: "Team show", slug } });
  showId = (await made.json<any>()).show.id;
  // The owner's episode, published from the owner's project.
  const ownerProject = await projectWith(owner.cookie, ["audio"], "Pilot");
  await addToPlaylist(owner.cookie, ownerProject.projectId, ownerProject.fileIds);
  const ownerPlaylist = await playlistOf(owner.cookie, ownerProject.projectId);
  const published = await call(`/api/shows/${showId}/episodes`, {
    cookie: owner.cookie,
    json: { playlistId: ownerPlaylist.id, title: "Pilot", description: "The first" },
  });
  episodeId = (await published.json<any>()).episode.id;
  editor = await joinAs(owner, "editor", { showId });
  viewer = await joinAs(owner, "viewer", { showId });
  // The editor's own playlist, to publish into the owner's show.
  const editorProject = await projectWith(editor.cookie, ["audio"], "Second");
  await addToPlaylist(editor.cookie, editorProject.projectId, editorProject.fileIds);
  editorPlaylistId = (await playlistOf(editor.cookie, editorProject.projectId)).id;
});

const pages = () => [`/shows/${slug}/manage`, `/shows/${slug}/stats`, `/shows/${slug}/team`];

/** Every write on the show, its episodes and its team; none may succeed for a viewer. */
const writes = (): RouteCall[] => [
  ["PUT", `/api/shows/${showId}`, { ...SHOW, title: "Viewer's title", slug }],
  ["POST", `/api/shows/${showId}/episodes`, { playlistId: editorPlaylistId, title: "Not mine", description: "x" }],
  ["PATCH", `/api/show-episodes/${episodeId}`, { title: "Renamed", description: "x" }],
  ["PUT", `/api/show-episodes/${episodeId}/published`, { published: false }],
  ["DELETE", `/api/show-episodes/${episodeId}`],
  ["POST", `/api/shows/${showId}/invitations`, { email: "someone@example.com", role: "viewer" }],
  ["PUT", `/api/shows/${showId}/members/${"x"}`, { role: "owner" }],
  ["DELETE", `/api/shows/${showId}/invitations/${"x"}`],
];

describe("a shared show", () => {
  it("lists the show on each member's Shows with their role and who shared it", async () => {
    for (const [member, role] of [
      [editor, "editor"],
      [viewer, "viewer"],
    ] as const) {
      const { shows: list } = await (await call("/api/shows", { cookie: member.cookie })).json<any>();
      expect(list.map((s: any) => [s.id, s.role, s.sharedBy])).toEqual([[showId, role, owner.form.name]]);
    }
    const mine = await (await call("/api/shows", { cookie: owner.cookie })).json<any>();
    expect(mine.shows.map((s: any) => [s.id, s.role])).toEqual([[showId, "owner"]]);
  });

  it("shows a viewer its private pages with nothing to change", async () => {
    const manage = await html(await call(`/shows/${slug}/manage`, { cookie: viewer.cookie }));
    expect(manage).toContain("Pilot");
    expect(manage).toMatch(/You are a <strong>viewer<\/strong> of this show/);
    expect(manage).not.toContain("Publish episode");
    expect(manage).not.toContain("Unpublish");
    expect(manage).not.toContain("Save show");
    const stats = await call(`/shows/${slug}/stats`, { cookie: viewer.cookie });
    expect(stats.status).toBe(200);
    expect(await html(stats)).toContain("Downloads of Team show");
    const team = await html(await call(`/shows/${slug}/team`, { cookie: viewer.cookie }));
    expect(team).toContain("You are a viewer of this show.");
    expect(team).toContain("Only the show's owners can invite people.");
    expect(team).toContain(editor.form.email);
    expect(team).not.toContain(">Invite<");
    const members = await call(`/api/shows/${showId}/members`, { cookie: viewer.cookie });
    expect(members.status).toBe(200);
  });

  it("renders the show's private pages to each member of its team waiting on D1 at most twice (ADR 057)", async () => {
    for (const member of [owner, editor, viewer]) {
      for (const path of pages()) {
        const page = await call(path, { cookie: member.cookie });
        expect(page.status, path).toBe(200);
        expect(Number(page.headers.get("x-d1-waits")), path).toBeLessThanOrEqual(2);
      }
    }
  });

  it("refuses a viewer every write with 403, and changes nothing", async () => {
    const before = await db.select().from(showEpisodes).where(eq(showEpisodes.showId, showId));
    const [show] = await db.select().from(shows).where(eq(shows.id, showId));
    await expectMatrix(writes(), { other: 403 }, { other: viewer.cookie });
    expect(await db.select().from(showEpisodes).where(eq(showEpisodes.showId, showId))).toEqual(before);
    expect((await db.select().from(shows).where(eq(shows.id, showId)))[0]).toEqual(show);
    const refused = await call(`/api/show-episodes/${episodeId}`, {
      method: "PATCH",
      json: { title: "Renamed", description: "x" },
      cookie: viewer.cookie,
    });
    expect(await refused.json()).toMatchObject({
      error: { code: "forbidden", message: "You can view this show but not change it." },
    });
    // The page's forms are checked again on the server.
    const unpublish = await act(
      `/shows/${slug}/manage`,
      { intent: "set-published", episodeId, published: "false" },
      viewer.cookie,
    );
    expect(unpublish.status).toBe(403);
    const invite = await act(
      `/shows/${slug}/team`,
      { intent: "invite", email: "someone@example.com", role: "viewer" },
      viewer.cookie,
    );
    expect(invite.status).toBe(403);
  });

  it("answers a stranger 404 for the show's pages and every write", async () => {
    for (const path of pages()) expect((await call(path, { cookie: stranger.cookie })).status, path).toBe(404);
    await expectMatrix(
      [...writes(), ["GET", `/api/shows/${showId}/members`]],
      { other: 404 },
      { other: stranger.cookie },
    );
  });

  it("lets an editor publish and edit episodes but not share the show", async () => {
    const published = await call(`/api/shows/${showId}/episodes`, {
      cookie: editor.cookie,
      json: { playlistId: editorPlaylistId, title: "Second", description: "By the editor" },
    });
    expect(published.status, await published.clone().text()).toBe(201);
    const episode = (await published.json<any>()).episode;
    expect(episode.showId).toBe(showId);
    await expectMatrix(
      [
        ["PATCH", `/api/show-episodes/${episodeId}`, { title: "Pilot, edited", description: "The first" }],
        ["PUT", `/api/show-episodes/${episode.id}/published`, { published: false }],
      ],
      { owner: "ok" },
      { owner: editor.cookie },
    );
    await expectMatrix(
      [
        ["POST", `/api/shows/${showId}/invitations`, { email: "someone@example.com", role: "viewer" }],
        ["PUT", `/api/shows/${showId}/members/${viewer.user.id}`, { role: "editor" }],
        ["DELETE", `/api/shows/${showId}/members/${viewer.user.id}`],
      ],
      { other: 403 },
      { other: editor.cookie },
    );
    const manage = await html(await call(`/shows/${slug}/manage`, { cookie: editor.cookie }));
    expect(manage).toContain("Pilot, edited");
    expect(manage).toContain("Save show");
    const team = await call(`/api/shows/${showId}/members`, { cookie: owner.cookie });
    const { members } = await team.json<any>();
    expect(members.map((m: any) => m.role)).toEqual(["owner", "editor", "viewer"]);
  });

  it("sends the invitation link to the show's episodes page, and a removed member loses access at once", async () => {
    const late = await signUp({}, "198.51.100.154");
    await call(`/api/shows/${showId}/invitations`, {
      cookie: owner.cookie,
      json: { email: late.form.email, role: "viewer" },
    });
    const accepted = await call(`/api/invitations/${await latestInvitationToken(late.form.email)}/accept`, {
      cookie: late.cookie,
      method: "POST",
    });
    expect(await accepted.json()).toMatchObject({ kind: "show", redirectTo: `/shows/${slug}/manage` });
    const removed = await call(`/api/shows/${showId}/members/${late.user.id}`, {
      method: "DELETE",
      cookie: owner.cookie,
    });
    expect(removed.status).toBe(204);
    expect((await call(`/shows/${slug}/manage`, { cookie: late.cookie })).status).toBe(404);
    expect((await call(`/api/shows/${showId}/members`, { cookie: late.cookie })).status).toBe(404);
    const { shows: list } = await (await call("/api/shows", { cookie: late.cookie })).json<any>();
    expect(list).toEqual([]);
  });
});
