// Home's project list and the project page (/projects/:projectId): SSR
// through the whole Worker with files uploaded by the real protocol, and the
// page's actions (delete a file, delete the project).
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call, type Member } from "../../../../tests/workers/http";
import { act, html } from "../../../../tests/workers/pages";
import { memberWithProject } from "../../../../tests/workers/projects";
import { PNG, upload, uploadPng } from "../../../../tests/workers/uploads";
import { database } from "../../../../worker/db/client";
import { files, playlistItems, playlists, projects } from "../../../../worker/db/schema";

const db = database(env.DB);
const TEXT = new TextEncoder().encode("Episode notes\nline two\n");

let owner: Member;
let other: Member;
let projectId: string;
let pngId: string;
let textId: string;

beforeAll(async () => {
  ({
    owner,
    other,
    projectId,
    fileIds: [pngId, textId],
  } = await memberWithProject("Season One Pilot", [
    { fileName: "cover art.png", contentType: "image/png", bytes: PNG },
    { fileName: "show_notes.txt", contentType: "text/plain", bytes: TEXT },
  ]));
});

describe("Home (/authenticated)", () => {
  it("lists the member's projects with the title's underscores as spaces, the file count and a link", async () => {
    const page = await html(await call("/authenticated", { cookie: owner.cookie }));
    expect(page).toContain("Season One Pilot");
    expect(page).not.toContain(">Season_One_Pilot<");
    expect(page).toContain(`href="/projects/${projectId}"`);
    expect(page).toMatch(/2<!-- -->\s*<!-- -->files|2 files/);
    // The projects lead; 'New project' is the header's action, its form closed while there are projects.
    expect(page).toMatch(/aria-expanded="false"[^>]*>New project</);
    expect(page).not.toContain("Project title");
  });

  it("shows a new member the empty state and nobody else's projects", async () => {
    const page = await html(await call("/authenticated", { cookie: other.cookie }));
    expect(page).toContain("No projects yet.");
    expect(page).not.toContain(projectId);
    // With none yet, the 'New project' form starts open.
    expect(page).toMatch(/aria-expanded="true"[^>]*>New project</);
    expect(page).toContain("Project title");
  });
});

describe("project page", () => {
  it("shows the owner the title, the upload box and each file with its details and a link to its view", async () => {
    const response = await call(`/projects/${projectId}`, { cookie: owner.cookie });
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain("Season One Pilot");
    expect(page).toContain("cover art.png");
    expect(page).toContain("show notes.txt");
    expect(page).toContain(`href="/bigfile/${pngId}"`);
    expect(page).toContain(`href="/bigfile/${textId}"`);
    expect(page).toMatch(/kind-badge kind-image[^>]*>.*?visually-hidden">image</);
    expect(page).toMatch(/kind-badge kind-text[^>]*>.*?visually-hidden">text</);
    expect(page).toContain(`${PNG.byteLength} B`);
    expect(page).toContain('aria-pressed="false"');
    expect(page).toContain(">Upload</button>");
    expect(page).toContain("Delete project");
    expect(page).toContain('<option value="public-read">Public</option>');
  });

  it("is a workspace: a video plays in the library, the timeline draws its waveform, the inspector shows it, the team is a tab", async () => {
    const { mp4Bytes } = await import("../../../../tests/workers/uploads");
    const video = await upload(owner.cookie, {
      fileName: "take two.mp4",
      contentType: "video/mp4",
      bytes: mp4Bytes(),
      projectId,
    });
    await db
      .update(files)
      .set({ probeStatus: "done", durationSeconds: 12, peaks: [0.2, 0.9, 0.4] })
      .where(eq(files.id, video.fileId));
    expect(
      (await act(`/projects/${projectId}`, { intent: "add-to-playlist", fileId: video.fileId }, owner.cookie)).status,
    ).toBe(200);
    const page = await html(await call(`/projects/${projectId}`, { cookie: owner.cookie }));
    // Inline play for audio and video only.
    expect(page).toContain('aria-label="Play file take two.mp4"');
    expect(page).not.toContain('aria-label="Play file cover art.png"');
    // The timeline: the item's name picks it for the inspector; its waveform has one bar per peak.
    expect(page).toMatch(
      /class="[^"]*slot-inspect[^"]*"[^>]*aria-pressed="true"[^>]*>take two<span class="ext-chip">.mp4<\/span></,
    );
    expect(page).toMatch(
      /<span class="slot-wave"[^>]*><svg class="waveform"[^>]*>(<rect[^>]*><\/rect>|<rect[^>]*\/>){3}<\/svg>/,
    );
    expect(page).toContain('id="inspector-heading"');
    // The inspector edits the item's slot letter and the title of its chapter, and shows its file's notes.
    expect(page).toMatch(/<label[^>]*class="slot-label"[^>]*>Slot letter<\/label>/);
    expect(page).toMatch(/>Chapter title<\/label>/);
    expect(page).toContain("Item 1 on the timeline");
    // On a phone the areas take turns: the library first.
    expect(page).toMatch(/aria-label="Workspace areas"/);
    expect(page).toMatch(/aria-pressed="true"[^>]*>Library</);
    expect(page).toContain('class="workspace-timeline pane-away"');
    // Team, Signatures and Activity are tabs, Team first.
    expect(page).toMatch(
      /aria-label="Team, signatures and activity"[^>]*role="tablist"|role="tablist"[^>]*aria-label="Team, signatures and activity"/,
    );
    expect(page).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>Team</);
    const [playlist] = await db.select().from(playlists).where(eq(playlists.projectId, projectId));
    await db.delete(playlistItems).where(eq(playlistItems.playlistId, playlist!.id));
    expect(
      (await act(`/projects/${projectId}`, { intent: "delete-file", fileId: video.fileId }, owner.cookie)).status,
    ).toBe(200);
  });

  it("carries each file's notes for the inspector, added through the file view's action", async () => {
    const added = await act(`/bigfile/${pngId}`, { intent: "add-note", note: "Crop the logo tighter" }, owner.cookie);
    expect(added.status).toBe(200);
    const page = await html(await call(`/projects/${projectId}`, { cookie: owner.cookie }));
    // In the page's data (the inspector shows it once the file is selected), with the file it is on.
    expect(page).toContain("Crop the logo tighter");
    expect(page).toContain("File notes");
  });

  it("says probing… for a video whose probe is queued", async () => {
    const { mp4Bytes } = await import("../../../../tests/workers/uploads");
    const video = await upload(owner.cookie, {
      fileName: "clip.mp4",
      contentType: "video/mp4",
      bytes: mp4Bytes(),
      projectId,
    });
    await db.update(files).set({ probeStatus: "queued" }).where(eq(files.id, video.fileId));
    expect(await html(await call(`/projects/${projectId}`, { cookie: owner.cookie }))).toContain("probing…");
    await db
      .update(files)
      .set({ probeStatus: "failed", probeError: "No media streams found." })
      .where(eq(files.id, video.fileId));
    expect(await html(await call(`/projects/${projectId}`, { cookie: owner.cookie }))).toContain(
      "No media streams found.",
    );
    await db.update(files).set({ probeStatus: "done", durationSeconds: 61.2 }).where(eq(files.id, video.fileId));
    expect(await html(await call(`/projects/${projectId}`, { cookie: owner.cookie }))).toContain("1:01");
    expect(
      (await act(`/projects/${projectId}`, { intent: "delete-file", fileId: video.fileId }, owner.cookie)).status,
    ).toBe(200);
  });

  it("is Not Found for another member and sends a visitor to sign in", async () => {
    const theirs = await call(`/projects/${projectId}`, { cookie: other.cookie });
    expect(theirs.status).toBe(404);
    expect(await html(theirs)).not.toContain("cover art.png");
    const visitor = await call(`/projects/${projectId}`);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe(`/signin?from=${encodeURIComponent(`/projects/${projectId}`)}`);
  });

  it("deletes a file for its owner only, then says 'No files found for this project.'", async () => {
    const refused = await act(`/projects/${projectId}`, { intent: "delete-file", fileId: pngId }, other.cookie);
    expect(refused.status).toBe(404);
    expect(await db.select().from(files).where(eq(files.id, pngId))).toHaveLength(1);

    const missing = await act(`/projects/${projectId}`, { intent: "delete-file" }, owner.cookie);
    expect(missing.status).toBe(400);
    expect(missing.text).toContain("Required data missing for deletion");

    for (const fileId of [pngId, textId]) {
      const deleted = await act(`/projects/${projectId}`, { intent: "delete-file", fileId }, owner.cookie);
      expect(deleted.status).toBe(200);
      expect(deleted.text).toContain("File deleted successfully!");
    }
    expect(await db.select().from(files).where(eq(files.projectId, projectId))).toHaveLength(0);
    const page = await html(await call(`/projects/${projectId}`, { cookie: owner.cookie }));
    expect(page).toContain("No files found for this project.");
    expect(page).toContain("Season One Pilot");
  });

  it("deletes the whole project, its files and their objects, then goes Home", async () => {
    const first = await uploadPng(owner.cookie, "a.png", { projectTitle: "Doomed" });
    const key = first.ticket.key as string;
    expect(await env.FILES.head(key)).not.toBeNull();

    // A fetcher's redirect comes back as 202 with the target in the body.
    const visitor = await act(`/projects/${first.projectId}`, { intent: "delete-project" });
    expect(visitor.text).toContain("/signin?from=");
    expect(await db.select().from(projects).where(eq(projects.id, first.projectId))).toHaveLength(1);
    const refused = await act(`/projects/${first.projectId}`, { intent: "delete-project" }, other.cookie);
    expect(refused.status).toBe(404);

    const done = await act(`/projects/${first.projectId}`, { intent: "delete-project" }, owner.cookie);
    expect(done.status).toBe(202);
    expect(done.text).toContain("/authenticated");
    expect(await db.select().from(projects).where(eq(projects.id, first.projectId))).toHaveLength(0);
    expect(await db.select().from(files).where(eq(files.id, first.fileId))).toHaveLength(0);
    expect(await env.FILES.head(key)).toBeNull();
  });
});

describe("project page reads (ADR 024)", () => {
  const waits = (response: Response) => Number(response.headers.get("x-d1-waits"));

  it("renders for its owner within two D1 round trips, one after another", async () => {
    const response = await call(`/projects/${projectId}`, { cookie: owner.cookie });
    expect(response.status).toBe(200);
    expect(waits(response)).toBeLessThanOrEqual(2);
  });

  it("makes the project's playlist on its owner's first visit only, never on another member's", async () => {
    const fresh = await uploadPng(owner.cookie, "b.png", { projectTitle: "Fresh" });
    const playlistsOf = () => db.select().from(playlists).where(eq(playlists.projectId, fresh.projectId));
    expect((await call(`/projects/${fresh.projectId}`, { cookie: other.cookie })).status).toBe(404);
    expect(await playlistsOf()).toHaveLength(0);
    for (let visit = 0; visit < 2; visit++) {
      expect((await call(`/projects/${fresh.projectId}`, { cookie: owner.cookie })).status).toBe(200);
    }
    const made = await playlistsOf();
    expect(made).toHaveLength(1);
    expect(made[0]!.userId).toBe(owner.user.id);
  });
});
