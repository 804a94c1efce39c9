// The project's activity names deletions (issue 44 item 9): a deleted file, a removed playlist item,
// a removed or departed member, a revoked invitation and a voided signature request each leave a
// line with who and when, through the API and on the project page; the lines about a deleted file
// keep its name.
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { call, type Member, signUp } from "../../../tests/workers/http";
import { html } from "../../../tests/workers/pages";
import { addToPlaylist, playlistOf, projectWith } from "../../../tests/workers/playlists";
import { joinAs } from "../../../tests/workers/teams";
import { upload } from "../../../tests/workers/uploads";
import { database } from "../../db/client";
import { invitations } from "../../db/schema";

const db = database(env.DB);

let owner: Member;
let editor: Member;
let viewer: Member;
let leaver: Member;
let projectId: string;

async function pdfBytes() {
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]).drawText("Release", { x: 20, y: 100 });
  return new Uint8Array(await pdf.save()) as Uint8Array<ArrayBuffer>;
}

const lines = async () => {
  const { activity } = await (await call(`/api/projects/${projectId}/activity`, { cookie: owner.cookie })).json<any>();
  return activity as { who: string | null; action: string; detail: string; createdAt: string }[];
};

beforeAll(async () => {
  owner = await signUp();
  const made = await projectWith(owner.cookie, ["audio", "audio"], "Deletions");
  projectId = made.projectId;
  editor = await joinAs(owner, "editor", { projectId });
  viewer = await joinAs(owner, "viewer", { projectId });
  leaver = await joinAs(owner, "viewer", { projectId });
  const [noted, listed] = made.fileIds as [string, string];
  expect((await call(`/api/files/${noted}/notes`, { cookie: owner.cookie, json: { note: "keep" } })).status).toBe(201);
  expect((await addToPlaylist(owner.cookie, projectId, [listed])).status).toBe(201);
  const pdf = await upload(owner.cookie, {
    fileName: "guest release.pdf",
    contentType: "application/pdf",
    bytes: await pdfBytes(),
    projectId,
  });
  const requested = await call(`/api/projects/${projectId}/signature-requests`, {
    cookie: owner.cookie,
    json: { fileId: pdf.fileId, signers: ["guest@example.com"] },
  });
  expect(requested.status).toBe(201);
  const { requestId } = await requested.json<any>();
  const invited = await call(`/api/projects/${projectId}/invitations`, {
    cookie: owner.cookie,
    json: { email: "later@example.com", role: "viewer" },
  });
  expect(invited.status).toBe(201);
  const [invitation] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.projectId, projectId), eq(invitations.email, "later@example.com")));

  // The deletions, by the editor and the owner.
  expect((await call(`/api/files/${noted}`, { method: "DELETE", cookie: editor.cookie })).status).toBe(204);
  const item = (await playlistOf(owner.cookie, projectId)).items[0];
  expect((await call(`/api/playlist-items/${item.id}`, { method: "DELETE", cookie: editor.cookie })).status).toBe(200);
  expect(
    (await call(`/api/signature-requests/${requestId}/void`, { method: "POST", cookie: editor.cookie })).status,
  ).toBe(200);
  const removed = await call(`/api/projects/${projectId}/members/${viewer.user.id}`, {
    method: "DELETE",
    cookie: owner.cookie,
  });
  expect(removed.status).toBe(204);
  const left = await call(`/api/projects/${projectId}/members/${leaver.user.id}`, {
    method: "DELETE",
    cookie: leaver.cookie,
  });
  expect(left.status).toBe(204);
  const revoked = await call(`/api/projects/${projectId}/invitations/${invitation!.id}`, {
    method: "DELETE",
    cookie: owner.cookie,
  });
  expect(revoked.status).toBeLessThan(300);
});

describe("deletions in the project's activity", () => {
  it("names who deleted what, and when, through the API", async () => {
    const activity = await lines();
    const said = activity.map((a) => `${a.who}: ${a.action} ${a.detail}`.trim());
    expect(said).toEqual(
      expect.arrayContaining([
        `${editor.form.name}: deleted a file audio-0.mp3`,
        `${editor.form.name}: removed from the playlist audio-1.mp3`,
        `${editor.form.name}: voided a signature request guest_release`,
        `${owner.form.name}: removed a member ${viewer.form.name} <${viewer.form.email}>`,
        `${leaver.form.name}: left the project`,
        `${owner.form.name}: revoked an invitation later@example.com as viewer`,
        // The earlier line about the deleted file still names it.
        `${owner.form.name}: added a note audio-0.mp3`,
      ]),
    );
    const deleted = activity.find((a) => a.action === "deleted a file")!;
    expect(Date.now() - Date.parse(deleted.createdAt)).toBeLessThan(5 * 60_000);
    // Newest first: the deletion is above the note it outlived.
    expect(activity.indexOf(deleted)).toBeLessThan(activity.findIndex((a) => a.action === "added a note"));
  });

  it("shows them on the project page", async () => {
    const page = await html(await call(`/projects/${projectId}`, { cookie: owner.cookie }));
    const activity = page.slice(page.indexOf('id="activity-heading"'));
    for (const text of [
      "deleted a file",
      "audio-0.mp3",
      "removed from the playlist",
      "removed a member",
      "left the project",
      "revoked an invitation",
      "voided a signature request",
      editor.form.name,
    ])
      expect(activity).toContain(text);
  });
});
