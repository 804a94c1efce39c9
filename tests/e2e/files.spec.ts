// A creator's files journey: a project made by uploading a video, an audio
// file and a picture; the big file view with the probed duration, notes, a
// slot letter, download and delete; nobody else can open the file; a file's notes in the project
// workspace's inspector.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { ADMIN, answerConfirm, login, MEMBER, openNewProject, unique } from "./fixtures";
import { makeClip } from "./media";

const dir = mkdtempSync(join(tmpdir(), "e2e-files-"));
const clip = join(dir, "clip.mp4");
const song = join(dir, "song.mp3");
const cover = join(dir, "cover.png");

test.beforeAll(() => {
  const ffmpeg = (...args: string[]) => execFileSync("ffmpeg", ["-y", "-loglevel", "error", ...args]);
  makeClip(dir, "clip.mp4", 2);
  ffmpeg("-f", "lavfi", "-i", "sine=frequency=330:duration=1", song);
  writeFileSync(
    cover,
    Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
      "base64",
    ),
  );
});

/** The big file view shows the probe's result once the job is done; reload until then. */
async function waitForProbe(page: Page) {
  await expect(async () => {
    await page.reload();
    await expect(page.locator("dt", { hasText: "Duration" })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
}

test("upload, view, annotate, download and delete a file; others cannot open it", async ({ page, browser }) => {
  const title = unique("Show ");
  await login(page, MEMBER.email, MEMBER.password);

  await openNewProject(page);

  await page.getByLabel("Project title").fill(title);
  await page.getByLabel("Files for the new project").setInputFiles([clip, song, cover]);
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByLabel("clip.mp4 upload progress")).toBeVisible();
  await expect(page).toHaveURL(/\/projects\/[\w-]+$/, { timeout: 20_000 });
  const projectUrl = page.url();
  for (const name of ["clip.mp4", "song.mp3", "cover.png"])
    await expect(page.getByRole("link", { name: `Open ${name}` })).toBeVisible();

  await page.getByRole("link", { name: "Open clip.mp4" }).click();
  await expect(page).toHaveURL(/\/bigfile\/[\w-]+$/);
  const fileUrl = page.url();
  await expect(page.getByRole("heading", { name: "clip.mp4" })).toBeVisible();
  await waitForProbe(page);
  await expect(page.locator("dt", { hasText: "Duration" }).locator("xpath=following-sibling::dd[1]")).toContainText(
    "0:02",
  );
  const duration = await page.locator("video").evaluate(
    (video: HTMLVideoElement) =>
      new Promise<number>((resolve, reject) => {
        if (video.readyState >= 1) return resolve(video.duration);
        video.addEventListener("loadedmetadata", () => resolve(video.duration), { once: true });
        video.addEventListener("error", () => reject(new Error("video failed to load")), { once: true });
        video.load();
      }),
  );
  expect(duration).toBeGreaterThan(1.8);
  expect(duration).toBeLessThan(2.3);

  await page.getByRole("button", { name: /Notes/ }).click();
  await page.getByLabel("Add a note").fill("Swap the intro after episode 12");
  await page.getByRole("button", { name: "Add Note" }).click();
  await expect(page.getByText("Note added successfully!")).toBeVisible();
  await expect(page.getByText("Swap the intro after episode 12")).toBeVisible();
  await page
    .getByRole("listitem")
    .filter({ hasText: "Swap the intro after episode 12" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByText("Note deleted successfully!")).toBeVisible();
  await expect(page.getByText("Swap the intro after episode 12")).toHaveCount(0);

  await page.getByLabel("Slot position").fill("b");
  await page.getByRole("button", { name: "Save Slot Position" }).click();
  await expect(page.getByText("Slot position updated successfully!")).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download File" }).click();
  expect((await downloading).suggestedFilename()).toBe("clip.mp4");

  for (const who of ["visitor", "another member"] as const) {
    const context = await browser.newContext();
    const other = await context.newPage();
    if (who === "another member") await login(other, ADMIN.email, ADMIN.password);
    await other.goto(fileUrl);
    await expect(other.getByText("No file data available")).toBeVisible();
    await expect(other.locator("video")).toHaveCount(0);
    await context.close();
  }

  await page.getByRole("button", { name: "Delete File" }).click();
  await answerConfirm(page, "Are you sure you want to delete this file?", "Delete");
  await expect(page).toHaveURL(projectUrl);
  await expect(page.getByText("File deleted successfully!")).toBeVisible();
  await expect(page.getByRole("link", { name: "Open clip.mp4" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Open song.mp3" })).toBeVisible();

  // Seed 000 §4: the first click shows the file in the inspector (its notes, added in place), the
  // second selects it.
  const songRow = page.locator("[data-file-item]", { hasText: "song.mp3" }).locator(".file-select");
  await songRow.click();
  await expect(songRow).toHaveAttribute("aria-pressed", "false");
  await songRow.click();
  await expect(songRow).toHaveAttribute("aria-pressed", "true");
  const notes = page.getByRole("region", { name: "File notes" });
  await expect(notes.locator(".inspector-name")).toHaveText("song.mp3");
  await notes.getByRole("button", { name: "Add Note" }).click();
  await expect(notes.getByLabel("Add a note")).toHaveAttribute("aria-invalid", "true");
  await expect(notes.getByText("Note cannot be empty")).toBeVisible();
  await notes.getByLabel("Add a note").fill("Louder chorus at 0:40");
  await expect(notes.getByText("Note cannot be empty")).toHaveCount(0);
  await notes.getByRole("button", { name: "Add Note" }).click();
  await expect(notes.getByText("Note added successfully!")).toBeVisible();
  await expect(notes.getByText("Louder chorus at 0:40")).toBeVisible();
  // Typing a note kept the file selected.
  await expect(songRow).toHaveAttribute("aria-pressed", "true");
});
