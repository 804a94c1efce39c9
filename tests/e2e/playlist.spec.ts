// The playlist journey in a real browser with the real renderer: the demo
// member uploads three generated clips into a new project, waits for them to
// be probed, adds them to the playlist, gives them slot letters, reorders by
// keyboard and saves, creates a program at /programming that replaces slot b,
// previews and applies it, renders the playlist at /playselect, plays the
// result at /renderfiles, and packages the playlist as a zip.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { unzipSync } from "fflate";
import {
  FILES_ADDED,
  NO_FILES_SELECTED,
  NO_PROGRAM_SELECTED,
  PROGRAM_APPLIED,
  PROGRAM_TITLE_REQUIRED,
  RENDER_CREATED,
  SELECT_PLAYLIST_TO_RENDER,
  SLOT_TAKEN,
} from "../../app/kernel/schemas/playlists";
import { login, MEMBER, openNewProgram, openNewProject, unique } from "./fixtures";
import { makeClip } from "./media";

/** The order list's row for a clip (file names carry a timestamp prefix). */
function slot(page: Page, clip: string): Locator {
  return page.locator("li.playlist-slot", { hasText: clip });
}

/** The playlist as the API sees it: [file name, slot letter] in order. */
async function playlistOrder(page: Page, projectId: string) {
  const response = await page.request.get(`/api/projects/${projectId}/playlist`);
  expect(response.ok()).toBe(true);
  const playlist = (await response.json()) as {
    items: { fileName: string; slotPosition: string | null; seqPos: number }[];
  };
  return playlist.items.map((item) => [item.fileName.replace(/^.*?(clip\d|spot)/, "$1"), item.slotPosition]);
}

let dir: string;
let clips: { one: string; two: string; three: string; spot: string };

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "playlist-e2e-"));
  clips = {
    one: makeClip(dir, "clip1.mp4", 1),
    two: makeClip(dir, "clip2.mp4", 2),
    three: makeClip(dir, "clip3.mp4", 1),
    spot: makeClip(dir, "spot.mp4", 1.5),
  };
});

test.afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

test("build a playlist, reorder by keyboard, apply a program to slot b, render, play and package it", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const title = `Playlist ${unique("e2e")}`;
  await login(page, MEMBER.email, MEMBER.password);

  // ── a project of three clips, probed ──
  await openNewProject(page);
  await page.getByLabel("Project title").fill(title);
  await page.getByLabel("Files for the new project").setInputFiles([clips.one, clips.two, clips.three]);
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page).toHaveURL(/\/projects\/[\w-]+$/, { timeout: 30_000 });
  const projectId = new URL(page.url()).pathname.split("/").pop()!;
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const files = page.locator("li.file-item");
  await expect(files).toHaveCount(3);
  // Probed: each clip shows its duration (the page looks again every 3 s).
  await expect(page.getByText("probing…")).toHaveCount(0, { timeout: 60_000 });
  await expect(files.filter({ hasText: "clip2.mp4" })).toContainText("0:02");

  // ── select them (one click, then Ctrl/⌘-click for more) and add them to the playlist ──
  await page.getByRole("button", { name: "Add to playlist" }).click();
  await expect(page.getByRole("alert").filter({ hasText: NO_FILES_SELECTED })).toBeVisible();
  for (const clip of ["clip1.mp4", "clip2.mp4", "clip3.mp4"]) {
    const select = files.filter({ hasText: clip }).locator("button.file-select");
    await select.click({ modifiers: ["ControlOrMeta"] });
    await expect(select).toHaveAttribute("aria-pressed", "true");
  }
  await expect(page.getByText("3 of 3 selected")).toBeVisible();
  await page.getByRole("button", { name: "Add to playlist" }).click();
  await expect(page.getByRole("status").filter({ hasText: FILES_ADDED })).toBeVisible();
  await expect(page.locator("li.playlist-slot")).toHaveCount(3);
  await expect(page.locator(".playlist-kind")).toHaveText("Video playlist");
  await expect(slot(page, "clip2.mp4")).toContainText("0:02 · running total 0:03");

  // ── slot letters a, b, c (saved as typed; a taken letter is refused by the server) ──
  for (const [clip, letter] of [
    ["clip1.mp4", "a"],
    ["clip2.mp4", "b"],
    ["clip3.mp4", "c"],
  ] as const) {
    await slot(page, clip)
      .getByLabel(/Slot letter for/)
      .fill(letter);
    await expect
      .poll(async () => (await playlistOrder(page, projectId)).find(([name]) => name === clip)?.[1])
      .toBe(letter);
  }
  await slot(page, "clip3.mp4")
    .getByLabel(/Slot letter for/)
    .fill("a");
  await expect(slot(page, "clip3.mp4").getByRole("alert")).toHaveText(SLOT_TAKEN);
  await slot(page, "clip3.mp4")
    .getByLabel(/Slot letter for/)
    .fill("c");
  await expect(slot(page, "clip3.mp4").getByRole("alert")).toHaveCount(0);
  expect(await playlistOrder(page, projectId)).toEqual([
    ["clip1.mp4", "a"],
    ["clip2.mp4", "b"],
    ["clip3.mp4", "c"],
  ]);

  // ── reorder by keyboard: clip1 one place down; nothing is saved until Save Order ──
  const handle = slot(page, "clip1.mp4").locator("button.drag-handle");
  await handle.focus();
  // dnd-kit announces each step in its live region: wait for it, not for a fixed time. Picked up,
  // the item is over itself; one step down, over another row.
  const announced = page.locator('[id^="DndLiveRegion"]');
  const overAnother = async () => {
    const [, position] = (await announced.textContent())?.match(/clip1 moved to position (\d+) of 3\./) ?? [];
    return position !== undefined && position !== "1";
  };
  await page.keyboard.press("Space");
  // Spoken by title and position, not by the rows' ids.
  await expect(announced).toContainText(/Picked up clip1, position 1 of 3\.|clip1 moved to position/);
  await page.keyboard.press("ArrowDown");
  await expect.poll(overAnother).toBe(true);
  await page.keyboard.press("Space");
  await expect(page.locator("li.playlist-slot").first()).toContainText("clip2.mp4");
  await expect(page.locator("li.playlist-slot").nth(1)).toContainText("clip1.mp4");
  await expect(page.getByText("The new order is not saved yet.")).toBeVisible();
  expect((await playlistOrder(page, projectId)).map(([name]) => name)).toEqual(["clip1.mp4", "clip2.mp4", "clip3.mp4"]);
  await page.getByRole("button", { name: "Save Order" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Playlist order saved." })).toBeVisible();
  expect(await playlistOrder(page, projectId)).toEqual([
    ["clip2.mp4", "b"],
    ["clip1.mp4", "a"],
    ["clip3.mp4", "c"],
  ]);
  await page.reload();
  await expect(page.locator("li.playlist-slot").first()).toContainText("clip2.mp4");

  // ── a program with a 1.5 s clip in slot b ──
  const programTitle = `Spot ${unique("b")}`;
  await page.goto("/programming");
  await openNewProgram(page);
  const create = page.locator("form.create-program");
  await create.getByRole("button", { name: "Create Program" }).click();
  await expect(create.getByRole("alert").filter({ hasText: PROGRAM_TITLE_REQUIRED })).toBeVisible();
  await create.getByLabel("Program title").fill(programTitle);
  await create.getByRole("button", { name: "Create Program" }).click();
  await expect(
    create.getByRole("alert").filter({ hasText: "You must upload at least one audio or video file." }),
  ).toBeVisible();
  await create.getByLabel("Slot letter 1").fill("b");
  await create.locator('input[type="file"]').first().setInputFiles(clips.spot);
  await expect(create.getByText("spot.mp4")).toBeVisible();
  await create.getByRole("button", { name: "Create Program" }).click();
  // Once the program and its file are in, the form closes and the page says so; the programs lead.
  await expect(page.getByRole("status").filter({ hasText: "Program created and its files uploaded." })).toBeVisible({
    timeout: 30_000,
  });
  await expect(create).toHaveCount(0);
  await expect(page.getByRole("button", { name: "New program", exact: true })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
  const card = page.locator("li.program-card", { hasText: programTitle });
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: programTitle, exact: true }).click();
  await expect(card.locator("li.program-file")).toHaveCount(1);
  await expect(card.locator("li.program-file").getByLabel(/Slot letter for/)).toHaveValue("b");

  // ── preview, then apply it to the playlist ──
  const apply = page.locator("section", { has: page.getByRole("heading", { name: "Apply a program to playlists" }) });
  await apply.getByRole("button", { name: "Apply Program" }).click();
  await expect(apply.getByRole("alert").filter({ hasText: NO_PROGRAM_SELECTED })).toBeVisible();
  await apply.getByLabel("Program", { exact: true }).selectOption({ label: `${programTitle} (b)` });
  await apply.getByRole("button", { name: "Apply Program" }).click();
  await expect(
    apply.getByRole("alert").filter({ hasText: "No playlists selected. Please select at least one playlist." }),
  ).toBeVisible();
  await apply.getByRole("checkbox", { name: title }).check();
  await apply.getByRole("button", { name: "Preview changes" }).click();
  const plan = apply.locator("li.plan", { hasText: title });
  await expect(plan).toContainText(/Slot b \(position 1\): replaces .*clip2 \(mp4\) → .*spot \(mp4\)/);
  await apply.getByRole("button", { name: "Apply Program" }).click();
  await expect(apply.getByRole("status").filter({ hasText: PROGRAM_APPLIED })).toBeVisible();
  expect(await playlistOrder(page, projectId)).toEqual([
    ["spot.mp4", "b"],
    ["clip1.mp4", "a"],
    ["clip3.mp4", "c"],
  ]);

  // The playlist shows the program's clip in slot b, first, with the program listed for undo.
  await page.goto(`/projects/${projectId}`);
  const first = page.locator("li.playlist-slot").first();
  await expect(first).toContainText("spot.mp4");
  await expect(first.locator(".program-badge")).toHaveText("program");
  await expect(first.getByLabel(/Slot letter for/)).toHaveValue("b");
  await expect(page.locator(".applied-programs")).toContainText(programTitle);
  await expect(page.locator(".applied-programs")).toContainText("Replaced slot b.");

  // ── render at /playselect ──
  await page.goto("/playselect");
  await page.getByRole("button", { name: "Create File" }).click();
  await expect(page.getByRole("alert").filter({ hasText: SELECT_PLAYLIST_TO_RENDER })).toBeVisible();
  await page.getByRole("checkbox", { name: title }).check();
  await page.getByRole("button", { name: "Create File" }).click();
  await expect(page.getByRole("button", { name: "Processing..." }).first()).toBeVisible();
  const job = page.locator("li.job", { hasText: title });
  await expect(job.getByText(RENDER_CREATED)).toBeVisible({ timeout: 180_000 });
  const open = job.getByRole("link", { name: "Open", exact: true });
  await expect(open).toHaveAttribute("target", "_blank");
  const played = await page.request.get((await open.getAttribute("href"))!);
  expect(played.status()).toBe(200);
  expect(played.headers()["content-type"]).toBe("video/mp4");
  await expect(job.getByRole("link", { name: "Rendered Files" })).toHaveAttribute("href", "/renderfiles");
  // …or plays in place, in the shared player.
  await job.getByRole("button", { name: `Play here ${title.replaceAll("_", " ")}` }).click();
  await expect(job.locator("video")).toHaveCount(1);

  // ── play it at /renderfiles ──
  await page.goto("/renderfiles");
  await expect(page.getByRole("heading", { level: 1, name: "Rendered Files" })).toBeVisible();
  const rendered = page.locator("li.render-item").first();
  await expect(rendered).toContainText(title.replaceAll("_", " "));
  // The shared player (issue 28 §3): its own Play button and timeline, not the browser's bare controls.
  const video = rendered.locator("video");
  await expect(video).toBeVisible();
  await expect(rendered.getByRole("button", { name: /^Play / })).toBeVisible();
  await expect(rendered.getByRole("slider", { name: /^Seek / })).toBeVisible();
  await expect(rendered.locator("video[controls], audio[controls]")).toHaveCount(0);
  // The video shows its first frame before Play is pressed.
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(2);
  expect(await video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(160);
  const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
  // spot (1.5 s) + clip1 (1 s) + clip3 (1 s)
  expect(duration).toBeGreaterThan(3.5 - 0.35);
  expect(duration).toBeLessThan(3.5 + 0.35);
  await expect(rendered).toContainText("160x120");
  await expect(rendered.getByRole("link", { name: "Download", exact: true })).toHaveAttribute(
    "href",
    /\/api\/storage\/get\//,
  );

  // ── package it at /playselect ──
  await page.goto("/playselect");
  await page.getByRole("checkbox", { name: title }).check();
  await page.getByRole("button", { name: "Process" }).click();
  const download = page.getByRole("link", { name: /^Download / });
  await expect(download).toBeVisible({ timeout: 60_000 });
  const zip = await page.request.get((await download.getAttribute("href"))!);
  expect(zip.status()).toBe(200);
  expect(zip.headers()["content-type"]).toBe("application/zip");
  const entries = Object.keys(unzipSync(new Uint8Array(await zip.body())));
  expect(entries).toHaveLength(3);
  expect(entries[0]).toMatch(/\/01-.*spot\.mp4$/);
  expect(entries[1]).toMatch(/\/02-.*clip1\.mp4$/);
  expect(entries[2]).toMatch(/\/03-.*clip3\.mp4$/);
});
