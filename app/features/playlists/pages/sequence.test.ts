// Playlists end to end through the whole Worker: building one on the project
// page (add selected files, slot letters, Save Order, remove, undo a
// program), then /playselect (Create File, Process) and /renderfiles. No real
// renderer runs here: a render is checked as far as its queued row; a
// package (built by the Worker itself) is followed to its zip.
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { call, signUp } from "../../../../tests/workers/http";
import { act, html } from "../../../../tests/workers/pages";
import { mp4Bytes, PNG, upload } from "../../../../tests/workers/uploads";
import { database } from "../../../../worker/db/client";
import { files, jobs, playlistItems, playlists, renders } from "../../../../worker/db/schema";
import { INTERRUPTED } from "../../../../worker/jobs/progress";

const db = database(env.DB);

/** A project with `count` video files (durations given) and one PNG. */
async function projectWith(cookie: string, title: string, durations: number[]) {
  const first = await upload(cookie, {
    fileName: "cover.png",
    contentType: "image/png",
    bytes: PNG,
    projectTitle: title,
  });
  const projectId = first.projectId;
  const videoIds: string[] = [];
  for (const [i, duration] of durations.entries()) {
    const record = await upload(cookie, {
      fileName: `clip-${i + 1}.mp4`,
      contentType: "video/mp4",
      bytes: mp4Bytes(2048 + i),
      projectId,
    });
    await db
      .update(files)
      .set({ durationSeconds: duration, probeStatus: "done", frameRate: 25, resolution: "160x120" })
      .where(eq(files.id, record.fileId));
    videoIds.push(record.fileId);
  }
  return { projectId, pngId: first.fileId, videoIds };
}

async function itemsOf(projectId: string) {
  const [playlist] = await db.select().from(playlists).where(eq(playlists.projectId, projectId));
  if (!playlist) return [];
  return (await db.select().from(playlistItems).where(eq(playlistItems.playlistId, playlist.id))).sort(
    (a, b) => a.seqPos - b.seqPos,
  );
}

async function addAll(cookie: string, projectId: string, fileIds: string[]) {
  const added = await act(
    `/projects/${projectId}`,
    [["intent", "add-to-playlist"], ...fileIds.map((id): [string, string] => ["fileId", id])],
    cookie,
  );
  if (added.status !== 200) throw new Error(`add: ${added.status} ${added.text}`);
  const [playlist] = await db.select().from(playlists).where(eq(playlists.projectId, projectId));
  return playlist!.id;
}

/** Posts /playselect's `intent` with these playlists ticked, as the page's form does. */
function playselect(
  cookie: string,
  intent: "render" | "package",
  playlistIds: string[],
  extra: [string, string][] = [],
) {
  return act(
    "/playselect",
    [["intent", intent], ...playlistIds.map((id): [string, string] => ["playlistId", id]), ...extra],
    cookie,
  );
}

let member: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  member = await signUp();
  other = await signUp();
});

describe("project page: playlist builder and order list", () => {
  it("shows an empty playlist with the builder, the upload panel and the order list", async () => {
    const { projectId } = await projectWith(member.cookie, "Builder_Empty", [5]);
    const page = await html(await call(`/projects/${projectId}`, { cookie: member.cookie }));
    expect(page).toContain("Playlist builder");
    expect(page).toContain("Empty playlist");
    expect(page).toContain("Add to playlist");
    expect(page).toContain("Upload to the playlist");
    expect(page).toContain("Choose files");
    expect(page).toContain("Playlist order");
    expect(page).toContain("The playlist is empty.");
    expect(page).toContain("No program is applied to this playlist.");
  });

  it("adds the selected files with the seed's messages and lists them with durations and running totals", async () => {
    const { projectId, pngId, videoIds } = await projectWith(member.cookie, "Builder_Add", [61, 2.4, 30]);
    const none = await act(`/projects/${projectId}`, { intent: "add-to-playlist" }, member.cookie);
    expect(none.status).toBe(400);
    expect(none.text).toContain("No files selected.");
    const image = await act(
      `/projects/${projectId}`,
      [
        ["intent", "add-to-playlist"],
        ["fileId", pngId],
      ],
      member.cookie,
    );
    expect(image.text).toContain("Only audio or video files are allowed.");

    const added = await act(
      `/projects/${projectId}`,
      [["intent", "add-to-playlist"], ...videoIds.map((id): [string, string] => ["fileId", id])],
      member.cookie,
    );
    expect(added.status).toBe(200);
    expect(added.text).toContain("Files added to playlist.");
    const items = await itemsOf(projectId);
    expect(items.map((i) => [i.seqPos, i.fileName, i.durationSeconds])).toEqual([
      [1, "clip-1.mp4", 61],
      [2, "clip-2.mp4", 2.4],
      [3, "clip-3.mp4", 30],
    ]);
    expect(items.every((i) => i.key.includes("/playlists/"))).toBe(true);

    const page = await html(await call(`/projects/${projectId}`, { cookie: member.cookie }));
    expect(page).toContain("Video playlist");
    expect(page).toContain("clip-1.mp4");
    const text = page.replace(/<[^>]+>/g, "");
    expect(text).toContain("1:01 · running total 1:01");
    expect(text).toContain("0:02 · running total 1:03");
    expect(page).toContain("total 1:33");
    expect(page).toContain("Save Order");
    expect(page).toContain('aria-roledescription="sortable"');
    expect(page).toContain("Double-click a slot to");
    // Rows open the player on demand (issue 28 §3): a poster button each, no media element loaded.
    expect(page).toContain("Play clip-1.mp4");
    expect(page).not.toMatch(/<video\b/);
  });

  it("sets slot letters with the seed's messages, saves an order renumbered from 1 and removes a slot", async () => {
    const { projectId, videoIds } = await projectWith(member.cookie, "Builder_Order", [1, 2, 1]);
    const playlistId = await addAll(member.cookie, projectId, videoIds);
    const [a, b, c] = await itemsOf(projectId);

    const bad = await act(
      `/projects/${projectId}`,
      { intent: "item-slot", itemId: a!.id, slotPosition: "1" },
      member.cookie,
    );
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Slot position must be a letter from a to z.");
    for (const [item, letter] of [
      [a!, "a"],
      [b!, "b"],
      [c!, "c"],
    ] as const) {
      const saved = await act(
        `/projects/${projectId}`,
        { intent: "item-slot", itemId: item.id, slotPosition: letter },
        member.cookie,
      );
      expect(saved.status).toBe(200);
      expect(saved.text).toContain("Slot position updated successfully!");
    }
    const taken = await act(
      `/projects/${projectId}`,
      { intent: "item-slot", itemId: a!.id, slotPosition: "b" },
      member.cookie,
    );
    expect(taken.status).toBe(409);
    expect(taken.text).toContain("Slot position already exists in this playlist.");
    // An empty letter clears the slot.
    expect(
      (await act(`/projects/${projectId}`, { intent: "item-slot", itemId: c!.id, slotPosition: "" }, member.cookie))
        .status,
    ).toBe(200);
    expect((await itemsOf(projectId)).map((i) => i.slotPosition)).toEqual(["a", "b", null]);

    const partial = await act(
      `/projects/${projectId}`,
      [
        ["intent", "save-order"],
        ["playlistId", playlistId],
        ["itemId", b!.id],
      ],
      member.cookie,
    );
    expect(partial.status).toBe(400);
    const order = [b!, a!, c!].map((i): [string, string] => ["itemId", i.id]);
    const saved = await act(
      `/projects/${projectId}`,
      [["intent", "save-order"], ["playlistId", playlistId], ...order],
      member.cookie,
    );
    expect(saved.status).toBe(200);
    expect(saved.text).toContain("Playlist order saved.");
    expect((await itemsOf(projectId)).map((i) => [i.id, i.seqPos])).toEqual([
      [b!.id, 1],
      [a!.id, 2],
      [c!.id, 3],
    ]);

    const removed = await act(`/projects/${projectId}`, { intent: "remove-item", itemId: a!.id }, member.cookie);
    expect(removed.status).toBe(200);
    expect(removed.text).toContain("Item removed from playlist.");
    expect((await itemsOf(projectId)).map((i) => [i.id, i.seqPos])).toEqual([
      [b!.id, 1],
      [c!.id, 2],
    ]);
    expect(await env.FILES.head(a!.key)).toBeNull();
  });

  it("shows one slot letter per file: its playlist row and its own page ('Slot position') agree, whichever sets it", async () => {
    const { projectId, videoIds } = await projectWith(member.cookie, "Builder_Letters", [1, 1]);
    const [first, second] = videoIds as [string, string];
    await addAll(member.cookie, projectId, [first, second]);
    const [row, other] = await itemsOf(projectId);
    const rowLetter = async (name: string) =>
      (await html(await call(`/projects/${projectId}`, { cookie: member.cookie }))).match(
        new RegExp(`Slot letter for ${name}</label><input[^>]*value="([a-z]?)"`),
      )?.[1];
    const pageLetter = async (fileId: string) =>
      (await html(await call(`/bigfile/${fileId}`, { cookie: member.cookie })))
        .match(
          /<input[^>]*name="slotPosition"[^>]*value="([a-z]?)"|<input[^>]*value="([a-z]?)"[^>]*name="slotPosition"/,
        )
        ?.slice(1)
        .find((v) => v !== undefined);

    // Set on the playlist row: the file's page shows the same letter.
    const onRow = { intent: "item-slot", itemId: row!.id, slotPosition: "a" };
    expect((await act(`/projects/${projectId}`, onRow, member.cookie)).status).toBe(200);
    expect(await rowLetter("clip-1.mp4")).toBe("a");
    expect(await pageLetter(first)).toBe("a");

    // Set on the file's page: its playlist row follows.
    const onPage = await act(`/bigfile/${first}`, { intent: "slot", slotPosition: "d" }, member.cookie);
    expect(onPage.text).toContain("Slot position updated successfully!");
    expect(await rowLetter("clip-1.mp4")).toBe("d");
    expect(await pageLetter(first)).toBe("d");

    // A letter another row holds is refused on the file's page too, and nothing changes.
    const onOther = { intent: "item-slot", itemId: other!.id, slotPosition: "e" };
    expect((await act(`/projects/${projectId}`, onOther, member.cookie)).status).toBe(200);
    const taken = await act(`/bigfile/${first}`, { intent: "slot", slotPosition: "e" }, member.cookie);
    expect(taken.status).toBe(409);
    expect(taken.text).toContain("Slot position already exists in this playlist.");
    expect(await pageLetter(first)).toBe("d");
    expect(await rowLetter("clip-1.mp4")).toBe("d");
    expect(await pageLetter(second)).toBe("e");
  });

  it("renders the chapters with the page (from its loader, no fetch after hydration), marks included", async () => {
    const { projectId, videoIds } = await projectWith(member.cookie, "Builder_Chapters", [60, 30]);
    await addAll(member.cookie, projectId, videoIds);
    const [first] = await itemsOf(projectId);
    const marked = await call("/api/chapters", {
      cookie: member.cookie,
      json: { itemId: first!.id, at: "0:20", title: "Cold open" },
    });
    expect(marked.status, await marked.clone().text()).toBe(201);
    const response = await call(`/projects/${projectId}`, { cookie: member.cookie });
    const page = await html(response);
    const titles = [...page.matchAll(/data-chapter-title="([^"]+)"/g)].map((m) => m[1]);
    // An unnamed chapter is its file name made a title (ADR 153): no extension, no dashes or underscores.
    expect(titles).toEqual(["Clip 1", "Cold open", "Clip 2"]);
    expect(page).not.toContain("Loading...");
    // Still the page's one batch (ADR 024).
    expect(Number(response.headers.get("x-d1-waits"))).toBeLessThanOrEqual(2);
  });

  it("undoes an applied program from the project page", async () => {
    const { projectId, videoIds } = await projectWith(member.cookie, "Builder_Undo", [3, 4]);
    const playlistId = await addAll(member.cookie, projectId, videoIds);
    const [, second] = await itemsOf(projectId);
    await act(`/projects/${projectId}`, { intent: "item-slot", itemId: second!.id, slotPosition: "b" }, member.cookie);
    const created = await call("/api/programs", { cookie: member.cookie, json: { title: "Undo me" } });
    const { program } = await created.json<any>();
    const signed = await (
      await call("/api/uploads", {
        cookie: member.cookie,
        json: {
          purpose: "program-file",
          fileName: "spot.mp4",
          contentType: "video/mp4",
          size: 2048,
          programId: program.id,
          slotPosition: "b",
        },
      })
    ).json<any>();
    await call(new URL(signed.put.url).pathname, { method: "PUT", body: mp4Bytes(), headers: signed.put.headers });
    expect(
      (await call(`/api/uploads/${signed.uploadId}/complete`, { cookie: member.cookie, method: "POST" })).status,
    ).toBe(201);
    const applied = await (
      await call("/api/program-applications", {
        cookie: member.cookie,
        json: { programId: program.id, playlistIds: [playlistId] },
      })
    ).json<any>();
    const applicationId = applied.applications[0].applicationId;
    expect((await itemsOf(projectId))[1]!.fileName).toBe("spot.mp4");

    const page = await html(await call(`/projects/${projectId}`, { cookie: member.cookie }));
    expect(page).toContain("Undo me");
    expect(page).toMatch(/program-badge[^>]*>program</);

    expect(
      (await act(`/projects/${projectId}`, { intent: "undo-application", applicationId }, other.cookie)).status,
    ).toBe(404);
    const undone = await act(`/projects/${projectId}`, { intent: "undo-application", applicationId }, member.cookie);
    expect(undone.status).toBe(200);
    expect(undone.text).toContain("Program change undone.");
    expect((await itemsOf(projectId))[1]!.fileName).toBe("clip-2.mp4");
    const again = await act(`/projects/${projectId}`, { intent: "undo-application", applicationId }, member.cookie);
    expect(again.status).toBe(404);
    expect(again.text).toContain("Nothing to undo.");
  });

  it("refuses another member's project, items and playlist as Not Found", async () => {
    const { projectId, videoIds } = await projectWith(member.cookie, "Builder_Private", [1, 1]);
    const playlistId = await addAll(member.cookie, projectId, videoIds);
    const [item] = await itemsOf(projectId);
    const theirs = await projectWith(other.cookie, "Other_Project", [1]);
    const forms: [string, [string, string][]][] = [
      [
        projectId,
        [
          ["intent", "add-to-playlist"],
          ["fileId", videoIds[0]!],
        ],
      ],
      [
        theirs.projectId,
        [
          ["intent", "add-to-playlist"],
          ["fileId", videoIds[0]!],
        ],
      ],
      [
        theirs.projectId,
        [
          ["intent", "item-slot"],
          ["itemId", item!.id],
          ["slotPosition", "q"],
        ],
      ],
      [
        theirs.projectId,
        [
          ["intent", "remove-item"],
          ["itemId", item!.id],
        ],
      ],
      [
        theirs.projectId,
        [
          ["intent", "save-order"],
          ["playlistId", playlistId],
          ["itemId", item!.id],
        ],
      ],
    ];
    for (const [project, fields] of forms) {
      expect((await act(`/projects/${project}`, fields, other.cookie)).status, fields[0]![1]).toBe(404);
    }
    expect((await itemsOf(projectId)).map((i) => i.slotPosition)).toEqual([null, null]);
  });
});

describe("/playselect", () => {
  it("sends a visitor to sign in for /playselect and /renderfiles", async () => {
    for (const path of ["/playselect", "/renderfiles"]) {
      const response = await call(path);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`/signin?from=${encodeURIComponent(path)}`);
    }
    const posted = await act("/playselect", { intent: "render" });
    expect(posted.text).toContain("/signin?from=");
  });

  it("lists only playlists that have files, with the loudness option and both buttons", async () => {
    const owner = await signUp();
    const full = await projectWith(owner.cookie, "Season_Two_Finale", [60, 30]);
    await addAll(owner.cookie, full.projectId, full.videoIds);
    const empty = await projectWith(owner.cookie, "Nothing_Here", [5]);
    await call(`/projects/${empty.projectId}`, { cookie: owner.cookie });
    expect(await db.select().from(playlists).where(eq(playlists.projectId, empty.projectId))).toHaveLength(1);

    const response = await call("/playselect", { cookie: owner.cookie });
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain("<h1>Sequence</h1>");
    expect(page).toContain("Season Two Finale");
    expect(page).toContain("1:30");
    expect(page).not.toContain("Nothing Here");
    expect(page).toContain("Normalise loudness");
    expect(page).toContain("Create File");
    expect(page).toContain("Process");

    const fresh = await signUp();
    expect(await html(await call("/playselect", { cookie: fresh.cookie }))).toContain("No playlists with files yet.");
  });

  it("renders with at most two D1 round trips one after another (ADR 024; counted, not timed)", async () => {
    const owner = await signUp();
    const full = await projectWith(owner.cookie, "Counted_Finale", [60]);
    await addAll(owner.cookie, full.projectId, full.videoIds);
    const page = await call("/playselect", { cookie: owner.cookie });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Counted Finale");
    expect(Number(page.headers.get("x-d1-waits"))).toBeLessThanOrEqual(2);
  });

  it("Create File: needs a selection, then creates one queued render (and job) per playlist", async () => {
    const owner = await signUp();
    const one = await projectWith(owner.cookie, "Render_One", [1, 2]);
    const two = await projectWith(owner.cookie, "Render_Two", [3]);
    const p1 = await addAll(owner.cookie, one.projectId, one.videoIds);
    const p2 = await addAll(owner.cookie, two.projectId, two.videoIds);

    const none = await playselect(owner.cookie, "render", []);
    expect(none.status).toBe(400);
    expect(none.text).toContain("Please select at least one playlist to create a file.");

    const started = await playselect(owner.cookie, "render", [p1, p2], [["loudness", "on"]]);
    expect(started.status).toBe(200);
    expect(started.text).toContain("queued");
    const rows = await db.select().from(renders).where(eq(renders.userId, owner.user.id));
    expect(rows.map((r) => r.playlistId).sort()).toEqual([p1, p2].sort());
    for (const row of rows) {
      expect(started.text).toContain(row.id);
      // Queued when created; the test queue may already have picked it up (nothing renders here).
      expect(["queued", "running"]).toContain(row.status);
      expect(row.fileName).toMatch(/^Render_(One|Two)-\d{4}-\d{2}-\d{2}\.mp4$/);
      const [job] = await db.select().from(jobs).where(eq(jobs.id, row.id));
      expect(job!.kind).toBe("render");
      expect(job!.input).toMatchObject({ renderId: row.id, loudness: true });
    }
    const status = await (
      await call(`/api/renders/status?ids=${rows.map((r) => r.id).join(",")}`, { cookie: owner.cookie })
    ).json<any>();
    expect(status.renders).toHaveLength(2);
  });

  it("Process: needs a selection, then packages the playlists into a zip with one folder each", async () => {
    const owner = await signUp();
    const one = await projectWith(owner.cookie, "Zip_One", [1, 2]);
    const p1 = await addAll(owner.cookie, one.projectId, one.videoIds);

    const none = await playselect(owner.cookie, "package", []);
    expect(none.status).toBe(400);
    expect(none.text).toContain("No playlists selected.");

    const started = await playselect(owner.cookie, "package", [p1]);
    expect(started.status).toBe(200);
    const [job] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.userId, owner.user.id), eq(jobs.kind, "package")));
    expect(started.text).toContain(job!.id);

    // The Worker builds packages itself (its queue consumer): follow the job as the page does.
    const state = await vi.waitFor(
      async () => {
        const now = await (await call(`/api/jobs/${job!.id}`, { cookie: owner.cookie })).json<any>();
        if (now.status !== "done" && now.status !== "failed") throw new Error(`still ${now.status}`);
        return now;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(state.status, JSON.stringify(state)).toBe("done");
    const zip = await call(new URL(state.downloadUrl).pathname + new URL(state.downloadUrl).search);
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    const entries = Object.keys(unzipSync(new Uint8Array(await zip.arrayBuffer())));
    expect(entries).toEqual(["Zip_One/01-clip-1.mp4", "Zip_One/02-clip-2.mp4"]);
  });

  it("refuses another member's playlists as Not Found", async () => {
    const owner = await signUp();
    const mine = await projectWith(owner.cookie, "Mine_Only", [1]);
    const playlistId = await addAll(owner.cookie, mine.projectId, mine.videoIds);
    for (const intent of ["render", "package"] as const) {
      const refused = await playselect(other.cookie, intent, [playlistId]);
      expect(refused.status, intent).toBe(404);
    }
    expect(await db.select().from(renders).where(eq(renders.playlistId, playlistId))).toHaveLength(0);
    expect(await html(await call("/playselect", { cookie: other.cookie }))).not.toContain("Mine Only");
  });
});

describe("/renderfiles", () => {
  it("says 'No render files found.' when there are none", async () => {
    const fresh = await signUp();
    const page = await html(await call("/renderfiles", { cookie: fresh.cookie }));
    expect(page).toContain("Rendered Files");
    expect(page).toContain("No render files found.");
  });

  it("lists done, running and failed renders with their details, a player and Download for the owner only", async () => {
    const owner = await signUp();
    const { projectId, videoIds } = await projectWith(owner.cookie, "Late_Night_Show", [1]);
    const playlistId = await addAll(owner.cookie, projectId, videoIds);
    const base = { userId: owner.user.id, playlistId, projectTitle: "Late_Night_Show" };
    const doneId = crypto.randomUUID();
    const runningId = crypto.randomUUID();
    const key = `users/${owner.user.id}/renders/${doneId}.mp4`;
    await env.FILES.put(key, mp4Bytes(), { httpMetadata: { contentType: "video/mp4" } });
    await db.insert(renders).values([
      {
        ...base,
        id: doneId,
        fileName: "Late_Night_Show-2026-01-02.mp4",
        key,
        status: "done",
        durationSeconds: 125,
        frameRate: 29.97,
        resolution: "1920x1080",
        size: 2048,
        createdAt: new Date(Date.now() + 60_000),
      },
      { ...base, id: runningId, fileName: "Late_Night_Show-running.mp4", key: "x", status: "running" },
      {
        ...base,
        id: crypto.randomUUID(),
        fileName: "Late_Night_Show-failed.mp4",
        key: "y",
        status: "failed",
        error: "Input 2 has no audio stream.",
      },
    ]);
    // A render's progress is its job's, as the renderer last reported it.
    await db.insert(jobs).values({
      id: runningId,
      userId: owner.user.id,
      kind: "render",
      status: "running",
      progress: 42,
      input: { renderId: runningId, playlistId, loudness: false, origin: "http://localhost" },
    });

    const page = await html(await call("/renderfiles", { cookie: owner.cookie }));
    // Titled in words; the file it saves as, once, under the title.
    expect(page).toContain('<span class="render-file">Late_Night_Show-2026-01-02.mp4</span>');
    expect(page).toContain("Late Night Show");
    expect(page).not.toContain(">Late_Night_Show<");
    expect(page).toContain("1920x1080");
    expect(page).toContain("2:05");
    expect(page).toContain("29.97 fps");
    expect(page).toContain("rendering 42%");
    expect(page).toContain("Failed to create file: Input 2 has no audio stream.");
    expect(page).toMatch(/<video[^>]*src="http:\/\/localhost\/api\/storage\/get\//);
    // The shared player (issue 28 §3), not the browser's bare controls.
    expect(page).toMatch(/aria-label="Play Late Night Show — \d{1,2} [A-Z][a-z]+ \d{4}"/);
    expect(page).toMatch(/role="slider"[^>]*aria-label="Seek Late Night Show — \d{1,2} [A-Z][a-z]+ \d{4}"/);
    expect(page).not.toMatch(/<(audio|video)[^>]*\scontrols/);
    // A video's picture is what its maker checks: resolution and frame rate stay in view.
    expect(page).not.toContain("Technical details");
    expect(page).toContain(">Download</a>");
    expect(page).not.toContain("Download M4A");

    const download = page.match(
      /href="(http:\/\/localhost\/api\/storage\/get\/[^"]+)"[^>]*download="Late_Night_Show-2026-01-02.mp4"/,
    );
    expect(download).not.toBeNull();
    const file = await call(new URL(download![1]!).pathname);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toContain("attachment");

    const theirs = await html(await call("/renderfiles", { cookie: other.cookie }));
    expect(theirs).not.toContain("Late Night Show");
  });
  it("shows an audio render in plain words, with the still picture's numbers behind 'Technical details'", async () => {
    const owner = await signUp();
    const id = crypto.randomUUID();
    const key = `users/${owner.user.id}/renders/${id}.mp4`;
    const audioKey = `users/${owner.user.id}/renders/${id}.m4a`;
    await env.FILES.put(key, mp4Bytes(), { httpMetadata: { contentType: "video/mp4" } });
    await env.FILES.put(audioKey, mp4Bytes(), { httpMetadata: { contentType: "audio/mp4" } });
    await db.insert(renders).values({
      id,
      userId: owner.user.id,
      projectTitle: "Morning_Talk",
      fileName: "Morning_Talk-2026-11-26.mp4",
      key,
      audioKey,
      status: "done",
      durationSeconds: 1830.4,
      frameRate: 5,
      resolution: "1280x720",
      size: 31_457_280,
      audioSize: 36_700_160,
      chapters: [
        { startTime: 0, title: "Welcome" },
        { startTime: 600, title: "The interview" },
      ],
      loudnessReport: {
        target: -16,
        items: [
          { n: 1, fileName: "intro.wav", measured: -22.4, gainDb: 6.4, outcome: "normalised", measuredNow: true },
          { n: 2, fileName: "interview.wav", measured: -14, gainDb: -2, outcome: "normalised", measuredNow: false },
          { n: 3, fileName: "ad.mp3", measured: -18.5, gainDb: 2.5, outcome: "normalised", measuredNow: true },
        ],
      },
    });

    const page = await html(await call("/renderfiles", { cookie: owner.cookie }));
    const [inView, technical = ""] = page.split('<details class="render-technical">');
    // What a podcaster reads first: how long, how big, what kind of file, what happened to its loudness.
    expect(inView).toContain("30:30");
    // The episode's size is the M4A's; the MP4 with its still picture is named as such.
    expect(inView).toMatch(
      /<dt>Size<\/dt><dd>35 MB[^<]*<span class="muted small">\(the MP4 with its picture: (<!-- -->)?30 MB\)/,
    );
    expect(inView).toContain("Audio for podcast apps (M4A), and a video of it with a still picture (MP4)");
    expect(inView).toContain("Evened out for podcast apps: 2 items made louder, 1 item made quieter");
    expect(inView).not.toContain("1280x720");
    expect(inView).not.toContain("fps");
    expect(inView).not.toContain("LUFS");
    // The rest, for whoever masters audio, behind a disclosure.
    expect(technical).toContain("<summary>Technical details</summary>");
    expect(technical).toContain("1280x720");
    expect(technical).toContain("5 fps");
    expect(technical).toContain("AAC audio at 160 kbit/s");
    expect(technical).toContain("−16.0 LUFS (stereo), peaks at or below −1 dBTP");
    expect(technical).toContain("interview.wav");
    // The M4A in the shared player, chapters on its timeline; no still frame, no bare controls.
    expect(page).toMatch(/<audio[^>]*src="http:\/\/localhost\/api\/storage\/get\//);
    expect(page).not.toMatch(/<video\b/);
    expect(page).not.toMatch(/<(audio|video)[^>]*\scontrols/);
    expect(page).toMatch(/aria-label="Play Morning Talk — \d{1,2} [A-Z][a-z]+ \d{4}"/);
    expect(page).toMatch(/aria-label="Chapters of Morning Talk — \d{1,2} [A-Z][a-z]+ \d{4}"/);
    expect(page).toContain("The interview");
    expect(page).toContain("Download M4A");
  });

  it("says 'retrying after an interruption', not a frozen percentage, when the renderer went silent or restarted", async () => {
    const owner = await signUp();
    const { projectId, videoIds } = await projectWith(owner.cookie, "Quiet_Show", [1]);
    const playlistId = await addAll(owner.cookie, projectId, videoIds);
    const base = { userId: owner.user.id, playlistId, projectTitle: "Quiet_Show" };
    const silent = crypto.randomUUID();
    const requeued = crypto.randomUUID();
    const input = { renderId: silent, playlistId, loudness: false, origin: "http://localhost" };
    await db.batch([
      db.insert(renders).values([
        { ...base, id: silent, fileName: "Quiet_Show-silent.mp4", key: "s", status: "running" },
        { ...base, id: requeued, fileName: "Quiet_Show-again.mp4", key: "a", status: "queued", error: INTERRUPTED },
      ]),
      // The silent render's job last heard from its renderer 30 s ago (heartbeats come every 5 s).
      db.insert(jobs).values({
        id: silent,
        userId: owner.user.id,
        kind: "render",
        status: "running",
        progress: 19,
        attempts: 1,
        input,
        updatedAt: new Date(Date.now() - 30_000),
      }),
    ]);
    const page = await html(await call("/renderfiles", { cookie: owner.cookie }));
    for (const id of [silent, requeued]) {
      const item = page.slice(page.indexOf(`data-render-id="${id}"`));
      expect(item.slice(0, item.indexOf("</li>"))).toContain("retrying after an interruption");
    }
    expect(page).not.toContain("rendering 19%");
    expect(page).not.toContain("Failed to create file");

    const states = await call(`/api/renders/status?ids=${silent},${requeued}`, { cookie: owner.cookie });
    const { renders: listed } = await states.json<{ renders: { id: string; retrying: boolean }[] }>();
    expect(listed.map((r) => r.retrying)).toEqual([true, true]);
  });
});
