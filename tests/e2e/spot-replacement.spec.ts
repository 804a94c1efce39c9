// Spot replacement done right (issue 11), in a real browser with the real
// renderer: a file's slot letter travels into the playlist; a program whose
// spot is applied while its probe may still run ends with the slot showing
// the spot's duration and right totals (the page stops looking once probes
// are done); a chapter mark added on the playlist page follows the 5 s longer
// spot into the rendered file (ffprobe -show_chapters), and /renderfiles
// lists the chapters beside the player. A render made before a program is
// undone or applied on its playlist says 'Out of date' within a second, until
// 'Render again' has made a newer file.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { FILES_ADDED, RENDER_CREATED } from "../../app/kernel/schemas/playlists";
import { login, MEMBER, openNewProject, toast, unique } from "./fixtures";
import { makeClip } from "./media";

let dir: string;
let clips: Record<"intro" | "ad" | "outro" | "spot", string>;

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "spot-e2e-"));
  clips = {
    intro: makeClip(dir, "intro.mp4", 2),
    ad: makeClip(dir, "oldad.mp4", 3),
    outro: makeClip(dir, "outro.mp4", 2),
    // 5 s longer than the ad it replaces.
    spot: makeClip(dir, "newspot.mp4", 8),
  };
});

test.afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function api(page: Page, method: "post" | "put", path: string, data: unknown) {
  const origin = new URL(page.url()).origin;
  const response = await page.request[method](path, { data, headers: { origin } });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json();
}

/** A program with `file` in `slot`, uploaded through the one upload protocol. */
async function programWithSpot(page: Page, file: string, slot: string) {
  const { program } = await api(page, "post", "/api/programs", { title: `Spot ${unique("p")}` });
  const bytes = readFileSync(file);
  const ticket = await api(page, "post", "/api/uploads", {
    purpose: "program-file",
    fileName: "newspot.mp4",
    contentType: "video/mp4",
    size: bytes.byteLength,
    programId: program.id,
    slotPosition: slot,
  });
  const put = await page.request.put(ticket.put.url, { data: bytes, headers: ticket.put.headers });
  expect(put.ok()).toBe(true);
  await api(page, "post", `/api/uploads/${ticket.uploadId}/complete`, {});
  return program.id as string;
}

test("a replaced slot shows its file's facts, and chapters follow the longer spot into the render", async ({
  page,
}) => {
  test.setTimeout(480_000);
  const title = `Spots ${unique("e2e")}`;
  await login(page, MEMBER.email, MEMBER.password);

  // ── a project of three clips, probed ──
  await openNewProject(page);
  await page.getByLabel("Project title").fill(title);
  await page.getByLabel("Files for the new project").setInputFiles([clips.intro, clips.ad, clips.outro]);
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page).toHaveURL(/\/projects\/[\w-]+$/, { timeout: 30_000 });
  const projectId = new URL(page.url()).pathname.split("/").pop()!;
  const files = page.locator("li.file-item");
  await expect(files).toHaveCount(3);
  await expect(page.getByText("probing…")).toHaveCount(0, { timeout: 60_000 });

  // ── the intro's slot letter 'x', set on its file, travels into the playlist ──
  const listed = await (await page.request.get(`/api/projects/${projectId}/files`)).json();
  const intro = listed.files.find((f: { fileName: string }) => f.fileName.endsWith("intro.mp4"));
  await api(page, "put", `/api/files/${intro.id}/slot`, { slotPosition: "x" });
  for (const clip of ["intro.mp4", "oldad.mp4", "outro.mp4"]) {
    await files
      .filter({ hasText: clip })
      .locator("button.file-select")
      .click({ modifiers: ["ControlOrMeta"] });
  }
  await page.getByRole("button", { name: "Add to playlist" }).click();
  await expect(page.getByRole("status").filter({ hasText: FILES_ADDED })).toBeVisible();
  const slots = page.locator("li.playlist-slot");
  await expect(slots).toHaveCount(3);
  await expect(slots.filter({ hasText: "intro.mp4" }).getByLabel(/Slot letter for/)).toHaveValue("x");
  await slots
    .filter({ hasText: "oldad.mp4" })
    .getByLabel(/Slot letter for/)
    .fill("b");
  await expect(page.locator(".playlist-total")).toHaveText("3 items · total 0:07");

  // ── chapters: one per item; a mark inside the outro and one inside the old ad, each added in the
  // inspector of the item picked on the timeline; the outline lists them all ──
  const editor = page.locator("section.chapter-outline");
  await expect(editor.locator("ol > li")).toHaveCount(3);
  const addMark = async (clip: string, at: string, name: string) => {
    await slots.filter({ hasText: clip }).locator("button.slot-inspect").click();
    const marks = page.locator(".workspace-inspector .chapter-editor");
    const form = marks.getByRole("form", { name: "Add a chapter mark" });
    await form.getByLabel("At (m:ss)").fill(at);
    await form.getByLabel("Title").fill(name);
    await form.getByLabel("Title").press("Enter");
    await expect(marks.getByRole("status")).toHaveText("Chapter mark added.");
  };
  await addMark("outro.mp4", "0:01", "Closing words");
  await addMark("oldad.mp4", "0:02", "Old offer code");
  await expect(editor.locator("ol > li")).toHaveCount(5);
  await expect(editor.locator('li[data-chapter-title="Closing words"] .chapter-time')).toHaveText("0:06");
  await expect
    .poll(
      async () => (await (await page.request.get(`/api/projects/${projectId}/playlist`)).json()).items[1].slotPosition,
    )
    .toBe("b");

  // ── a program with an 8 s spot in slot b, applied at once (its probe may still be running) ──
  const programId = await programWithSpot(page, clips.spot, "b");
  const playlistId = (await (await page.request.get(`/api/projects/${projectId}/playlist`)).json()).id;
  const applied = await api(page, "post", "/api/program-applications", { programId, playlistIds: [playlistId] });
  await page.reload();
  const replaced = slots.filter({ hasText: "newspot.mp4" });
  await expect(replaced).toContainText("0:08 · running total 0:10", { timeout: 60_000 });
  await expect(page.locator(".playlist-total")).toHaveText("3 items · total 0:12");
  await expect(page.getByText("probing…")).toHaveCount(0);
  // The old ad's mark is gone with it; the outro's chapters moved by 5 s.
  await expect(editor.locator("ol > li")).toHaveCount(4);
  await expect(editor.locator('li[data-chapter-title="Old offer code"]')).toHaveCount(0);
  await expect(editor.locator('li[data-chapter-title="Sponsor"] .chapter-time')).toHaveText("0:02");
  await expect(editor.locator('li[data-chapter-title="Closing words"] .chapter-time')).toHaveText("0:11");
  // The totals are right on /playselect too.
  await page.goto("/playselect");
  await expect(page.locator("body")).toContainText(/0:12/);

  // ── render it, and read its chapters with ffprobe ──
  await page.getByRole("checkbox", { name: title }).check();
  await page.getByRole("checkbox", { name: /Normalise loudness/ }).check();
  await page.getByRole("button", { name: "Create File" }).click();
  const job = page.locator("li.job", { hasText: title });
  // While it runs: the percentage with elapsed time (and, once it moves, the time left).
  await expect(job.getByText(/\d+:\d\d elapsed/)).toBeVisible();
  await expect(job.getByText(RENDER_CREATED)).toBeVisible({ timeout: 180_000 });
  // The row in view says it itself: no toast over the result it reports on.
  await expect(toast(page, `${title}: ${RENDER_CREATED}`)).toHaveCount(0);
  // The render page says what loudness normalisation did to each item.
  const loudness = job.getByRole("region", { name: /^Loudness of / });
  await expect(loudness.locator("tbody tr")).toHaveCount(3);
  await expect(loudness.locator("tbody tr").nth(1)).toContainText("newspot.mp4");
  const renders = (await (await page.request.get("/api/renders")).json()).renderFiles;
  const render =
    renders.find((r: { projectTitle: string }) => r.projectTitle === title.replaceAll(" ", "_")) ?? renders[0];
  const file = join(dir, "rendered.mp4");
  writeFileSync(file, await (await page.request.get(render.url)).body());
  const probed = JSON.parse(
    execFileSync("ffprobe", ["-v", "error", "-show_chapters", "-of", "json", file], { encoding: "utf8" }),
  );
  const expected: [number, string][] = [
    [0, "Intro"],
    [2, "Sponsor"],
    [10, "Outro"],
    [11, "Closing words"],
  ];
  expect(probed.chapters.map((c: { tags: { title: string } }) => c.tags.title)).toEqual(expected.map(([, t]) => t));
  probed.chapters.forEach((c: { start_time: string }, i: number) => {
    expect(Math.abs(Number(c.start_time) - expected[i]![0])).toBeLessThanOrEqual(0.05);
  });
  const json = await page.request.get(render.chaptersUrl);
  expect(json.ok()).toBe(true);
  expect((await json.json()).chapters.map((c: { title: string }) => c.title)).toEqual(expected.map(([, t]) => t));

  // ── /renderfiles: the shared player, its chapters marked on the timeline and listed, each playing from its start ──
  await page.goto("/renderfiles");
  const rendered = page.locator("li.render-item").first();
  await expect(rendered.getByRole("slider", { name: /^Seek / })).toBeVisible();
  await expect(rendered.locator("video[controls], audio[controls]")).toHaveCount(0);
  // Marks for the chapters after the start (the first is at 0:00).
  await expect(rendered.locator('[role="slider"] span[title]')).toHaveCount(3);
  const chapters = rendered.getByRole("list", { name: /^Chapters of / });
  await expect(chapters.getByRole("button")).toHaveCount(4);
  const video = rendered.locator("video");
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1);
  await chapters.getByRole("button", { name: /Closing words/ }).click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThanOrEqual(10.9);
  await expect(rendered.getByText("Out of date")).toHaveCount(0);

  // ── undoing the program after the render makes the file out of date, until 'Render again' is done ──
  await api(page, "post", `/api/program-applications/${applied.applications[0].applicationId}/undo`, {});
  await page.reload();
  await expect(rendered.getByText("Out of date")).toBeVisible({ timeout: 1_000 });
  await rendered.getByRole("button", { name: "Render again" }).click();
  await expect(page.locator("li.render-item")).toHaveCount(renders.length + 1);
  await expect(page.getByText("Out of date")).toHaveCount(0, { timeout: 180_000 });

  // ── applying a program after a render makes it out of date within a second, until 'Render again' is done ──
  await api(page, "post", "/api/program-applications", { programId, playlistIds: [playlistId] });
  await page.reload();
  await expect(rendered.getByText("Out of date")).toBeVisible({ timeout: 1_000 });
  await rendered.getByRole("button", { name: "Render again" }).click();
  await expect(page.locator("li.render-item")).toHaveCount(renders.length + 2);
  await expect(page.getByText("Out of date")).toHaveCount(0, { timeout: 180_000 });
});
