// The file view (/bigfile/:fileId): who sees what, and its actions (notes,
// slot position, delete) with the seed's messages.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call, type Member } from "../../../../tests/workers/http";
import { act, html } from "../../../../tests/workers/pages";
import { memberWithProject } from "../../../../tests/workers/projects";
import { joinAs } from "../../../../tests/workers/teams";
import { mp4Bytes, PNG, upload } from "../../../../tests/workers/uploads";
import { database } from "../../../../worker/db/client";
import { files, notes } from "../../../../worker/db/schema";
import { ACCESS_REMOVED } from "../../../kernel/schemas/file-access-messages";
import { NOTE_TOO_LONG, SLOT_POSITION_INVALID } from "../../../kernel/schemas/files";

const db = database(env.DB);
const TEXT = new TextEncoder().encode("Intro at 00:00\nAd break at 12:30\n");

let owner: Member;
let other: Member;
let projectId: string;
let privateId: string;
let publicId: string;
let textId: string;

beforeAll(async () => {
  ({
    owner,
    other,
    projectId,
    fileIds: [privateId, publicId, textId],
  } = await memberWithProject("Bigfile Tests", [
    { fileName: "cover_art.png", contentType: "image/png", bytes: PNG },
    { fileName: "poster.png", contentType: "image/png", bytes: PNG, accessType: "public-read" },
    { fileName: "run sheet.txt", contentType: "text/plain", bytes: TEXT },
  ]));
});

describe("who sees a file", () => {
  it("shows the owner the preview, details, slot position, download, delete and the collapsed notes", async () => {
    const response = await call(`/bigfile/${privateId}`, { cookie: owner.cookie });
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain('<h1 class="bigfile-name">cover art.png</h1>');
    expect(page).toMatch(/<img src="http:\/\/localhost\/api\/storage\/get\/[^"]+" alt="cover art.png"/);
    expect(page).toContain("Sequence position");
    expect(page).toContain("Save Slot Position");
    const slot = page.match(/<input[^>]*name="slotPosition"[^>]*>/)?.[0];
    expect(slot).toContain('maxLength="1"');
    expect(page).toContain("Download File");
    expect(page).toContain("Delete File");
    expect(page).toContain("Notes");
    expect(page).toContain('aria-expanded="false"');
    expect(page).toContain("← Back");
    // The preview link really serves the bytes.
    const src = page.match(/<img src="([^"]+)"/)![1]!.replaceAll("&amp;", "&");
    const image = await call(new URL(src).pathname);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
  });

  it("says 'No file data available' (404) to another member and to a visitor for a private file", async () => {
    for (const cookie of [other.cookie, undefined]) {
      const response = await call(`/bigfile/${privateId}`, { cookie });
      expect(response.status).toBe(404);
      const page = await html(response);
      expect(page).toContain("No file data available");
      expect(page).not.toContain("cover art.png");
      expect(page).not.toContain("/api/storage/get/");
    }
    expect((await call(`/bigfile/no-such-file`, { cookie: owner.cookie })).status).toBe(404);
  });

  it("shows a visitor a public-read file's preview, name, dates and Download only", async () => {
    const response = await call(`/bigfile/${publicId}`);
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain("poster.png");
    expect(page).toMatch(/<img src="http:\/\/localhost\/api\/storage\/get\/[^"]+" alt="poster.png"/);
    expect(page).toContain("Created");
    expect(page).toContain("Download File");
    for (const ownerOnly of ["Save Slot Position", "Delete File", "Add Note", "Sequence position", projectId]) {
      expect(page, ownerOnly).not.toContain(ownerOnly);
    }
    // Another member sees it the same way.
    const theirs = await html(await call(`/bigfile/${publicId}`, { cookie: other.cookie }));
    expect(theirs).toContain("Download File");
    expect(theirs).not.toContain("Delete File");
  });

  it("previews text in the browser and shows a video player for video", async () => {
    const text = await html(await call(`/bigfile/${textId}`, { cookie: owner.cookie }));
    expect(text).toContain("run sheet.txt");
    expect(text).toContain('class="muted preview">Loading...');
    const video = await upload(owner.cookie, {
      fileName: "clip.mp4",
      contentType: "video/mp4",
      bytes: mp4Bytes(),
      projectId,
    });
    await db.update(files).set({ probeStatus: "queued" }).where(eq(files.id, video.fileId));
    const queued = await html(await call(`/bigfile/${video.fileId}`, { cookie: owner.cookie }));
    // The shared MediaPlayer (its own controls), not the browser's.
    expect(queued).toMatch(/<video src="http:\/\/localhost\/api\/storage\/get\/[^"]*"[^>]* preload="metadata"/);
    expect(queued).toContain("probing…");
    await db
      .update(files)
      .set({ probeStatus: "done", durationSeconds: 75, frameRate: 29.97, resolution: "1920x1080" })
      .where(eq(files.id, video.fileId));
    const probed = await html(await call(`/bigfile/${video.fileId}`, { cookie: owner.cookie }));
    expect(probed).toContain("1:15");
    expect(probed).toContain("29.97");
    expect(probed).toContain("1920x1080");
    await db
      .update(files)
      .set({ probeStatus: "failed", probeError: "No media streams found." })
      .where(eq(files.id, video.fileId));
    expect(await html(await call(`/bigfile/${video.fileId}`, { cookie: owner.cookie }))).toContain(
      "No media streams found.",
    );
  });
});

describe("notes", () => {
  it("validates, adds, lists and deletes a note", async () => {
    const empty = await act(`/bigfile/${privateId}`, { intent: "add-note", note: "   " }, owner.cookie);
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Note cannot be empty");

    const long = await act(`/bigfile/${privateId}`, { intent: "add-note", note: "x".repeat(181) }, owner.cookie);
    expect(long.status).toBe(400);
    expect(long.text).toContain(NOTE_TOO_LONG);

    const added = await act(
      `/bigfile/${privateId}`,
      { intent: "add-note", note: "  Replace the ad at 12:30  " },
      owner.cookie,
    );
    expect(added.status).toBe(200);
    expect(added.text).toContain("Note added successfully!");
    const [note] = await db.select().from(notes).where(eq(notes.fileId, privateId));
    expect(note?.text).toBe("Replace the ad at 12:30");
    expect(await html(await call(`/bigfile/${privateId}`, { cookie: owner.cookie }))).toContain(
      "Replace the ad at 12:30",
    );

    const missing = await act(`/bigfile/${privateId}`, { intent: "delete-note" }, owner.cookie);
    expect(missing.status).toBe(400);
    expect(missing.text).toContain("Required data missing for deleting note");

    const deleted = await act(`/bigfile/${privateId}`, { intent: "delete-note", noteId: note!.id }, owner.cookie);
    expect(deleted.status).toBe(200);
    expect(deleted.text).toContain("Note deleted successfully!");
    expect(await db.select().from(notes).where(eq(notes.fileId, privateId))).toHaveLength(0);

    const again = await act(`/bigfile/${privateId}`, { intent: "delete-note", noteId: note!.id }, owner.cookie);
    expect(again.status).toBe(404);
    expect(again.text).toContain("Failed to delete note");
  });

  it("refuses another member ('Failed to add note') and sends a visitor to sign in", async () => {
    const theirs = await act(`/bigfile/${privateId}`, { intent: "add-note", note: "mine now" }, other.cookie);
    expect(theirs.status).toBe(404);
    expect(theirs.text).toContain("Failed to add note");
    const onPublic = await act(`/bigfile/${publicId}`, { intent: "add-note", note: "mine now" }, other.cookie);
    expect(onPublic.status).toBe(404);
    const visitor = await act(`/bigfile/${publicId}`, { intent: "add-note", note: "hi" });
    expect(visitor.text).toContain("/signin?from=");
    expect(await db.select().from(notes).where(eq(notes.fileId, publicId))).toHaveLength(0);
  });
});

describe("slot position", () => {
  it("accepts one letter a to z (or none) and refuses anything else with the schema's message", async () => {
    for (const bad of ["A", "ab", "1", "é"]) {
      const refused = await act(`/bigfile/${privateId}`, { intent: "slot", slotPosition: bad }, owner.cookie);
      expect(refused.status, bad).toBe(400);
      expect(refused.text).toContain(SLOT_POSITION_INVALID);
    }
    const saved = await act(`/bigfile/${privateId}`, { intent: "slot", slotPosition: "c" }, owner.cookie);
    expect(saved.status).toBe(200);
    expect(saved.text).toContain("Slot position updated successfully!");
    expect((await db.select().from(files).where(eq(files.id, privateId)))[0]?.slotPosition).toBe("c");
    expect(await html(await call(`/bigfile/${privateId}`, { cookie: owner.cookie }))).toMatch(
      /name="slotPosition" value="c"/,
    );

    const cleared = await act(`/bigfile/${privateId}`, { intent: "slot", slotPosition: "" }, owner.cookie);
    expect(cleared.status).toBe(200);
    expect((await db.select().from(files).where(eq(files.id, privateId)))[0]?.slotPosition).toBeNull();

    const theirs = await act(`/bigfile/${publicId}`, { intent: "slot", slotPosition: "d" }, other.cookie);
    expect(theirs.status).toBe(404);
  });
});

describe("delete file", () => {
  it("deletes for the owner only", async () => {
    const doomed = await upload(owner.cookie, {
      fileName: "doomed.png",
      contentType: "image/png",
      bytes: PNG,
      projectId,
    });
    expect((await act(`/bigfile/${doomed.fileId}`, { intent: "delete-file" }, other.cookie)).status).toBe(404);
    const done = await act(`/bigfile/${doomed.fileId}`, { intent: "delete-file" }, owner.cookie);
    // Single fetch answers a redirect of a data request with 202 and the target in the body.
    expect(done.status).toBe(202);
    expect(done.text).toContain(`/projects/${projectId}`);
    expect(await env.FILES.head(doomed.ticket.key)).toBeNull();
    expect((await call(`/bigfile/${doomed.fileId}`, { cookie: owner.cookie })).status).toBe(404);
  });
});

describe("file view reads (ADR 024)", () => {
  const waits = (response: Response) => Number(response.headers.get("x-d1-waits"));

  it("renders for the owner and for a visitor of a public file within two D1 round trips", async () => {
    const mine = await call(`/bigfile/${textId}`, { cookie: owner.cookie });
    expect(mine.status).toBe(200);
    expect(waits(mine)).toBeLessThanOrEqual(2);
    const visitor = await call(`/bigfile/${publicId}`);
    expect(visitor.status).toBe(200);
    expect(waits(visitor)).toBeLessThanOrEqual(2);
  });

  it("shows the owner the file's position in its project; another member sees no notes or position", async () => {
    const page = await html(await call(`/bigfile/${textId}`, { cookie: owner.cookie }));
    // cover_art.png, poster.png, then the run sheet.
    expect(page).toMatch(/Sequence position<\/dt><dd>3<\/dd>/);
    const theirs = await html(await call(`/bigfile/${publicId}`, { cookie: other.cookie }));
    expect(theirs).toContain("poster.png");
    expect(theirs).not.toContain("Sequence position");
    expect(theirs).not.toContain("Add a note");
  });
});

describe("Download after the member was removed from the team (issue 46.6b)", () => {
  it("answers 403 'Your access to this file was removed.'; others still get 404", async () => {
    const member = await joinAs(owner, "viewer", { projectId });
    const download = () => call(`/api/files/${privateId}/download`, { method: "POST", cookie: member.cookie });
    expect((await download()).status).toBe(200);

    const removed = await call(`/api/projects/${projectId}/members/${member.user.id}`, {
      method: "DELETE",
      cookie: owner.cookie,
    });
    expect(removed.status).toBeLessThan(300);
    const refused = await download();
    expect(refused.status).toBe(403);
    expect((await refused.json<{ error: { message: string } }>()).error.message).toBe(ACCESS_REMOVED);

    // Someone never on the team, and a file that is gone, are still 'not found': ids do not leak.
    expect((await call(`/api/files/${privateId}/download`, { method: "POST", cookie: other.cookie })).status).toBe(404);
    const missing = await call(`/api/files/${crypto.randomUUID()}/download`, { method: "POST", cookie: member.cookie });
    expect(missing.status).toBe(404);
  });
});
