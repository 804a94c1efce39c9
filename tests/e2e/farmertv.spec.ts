// An episode uploaded on /farmertv plays (and seeks) on the public /farmereps.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { TITLE_AND_DESCRIPTION_FIRST, UPLOAD_FAILED } from "../../app/kernel/schemas/farmertv";
import { login, MEMBER, origin, PNG, unique, uploadByApi, workspaceNav } from "./fixtures";
import { makeWebm } from "./media";

const dir = mkdtempSync(join(tmpdir(), "e2e-farmertv-"));
const cover = join(dir, "cover.png");
// A picture named like a video: the browser lets it through, the server's sniffing refuses it.
const fake = join(dir, "fake.webm");

let clip: string;

test.beforeAll(() => {
  clip = makeWebm(dir, "episode.webm", 3);
  writeFileSync(cover, PNG);
  writeFileSync(fake, PNG);
});

test("an episode uploaded on /farmertv plays on /farmereps", async ({ page }) => {
  const title = unique("Episode ");
  await login(page, MEMBER.email, MEMBER.password);
  // Every member finds the page in the menu.
  await workspaceNav(page).getByRole("link", { name: "FarmerTv" }).click();
  await expect(page).toHaveURL(/\/farmertv$/);
  // The same file is chosen again once the text is there: the input was emptied, so it is a change.
  await page.getByLabel("Video file").setInputFiles(clip);
  await expect(page.getByText(TITLE_AND_DESCRIPTION_FIRST)).toBeVisible();
  await expect(page.getByLabel("Video file")).toHaveValue("");

  // 'Upload episode' is there from the start, disabled with what it still needs.
  const upload = page.getByRole("button", { name: "Upload episode" });
  await expect(upload).toBeDisabled();
  await expect(upload).toHaveAccessibleDescription("Add a title, a description and a video to upload.");

  await page.getByLabel("Title").fill(title);
  await page.getByLabel(/^Description/).fill("A test pattern, three seconds long.");
  // Chosen files wait for the button.
  await page.getByLabel("Cover image").setInputFiles(cover);
  await expect(page.getByText("cover.png")).toBeVisible();
  // The earlier message went with the next choice.
  await expect(page.getByText(TITLE_AND_DESCRIPTION_FIRST)).toHaveCount(0);
  await expect(upload).toBeDisabled();
  // A refused file says which one and why, in the server's words; the cover went up before it.
  await page.getByLabel("Video file").setInputFiles(fake);
  await expect(upload).toBeEnabled();
  await upload.click();
  await expect(page.locator("p[role=alert]")).toHaveText(`${UPLOAD_FAILED} fake.webm: File type is not allowed.`, {
    timeout: 30_000,
  });
  await expect(page.getByText("Cover uploaded.")).toBeVisible();
  await page.getByLabel("Video file").setInputFiles(clip);
  await upload.click();
  await expect(page.locator("p[role=alert]")).toHaveText('File "episode.webm" uploaded successfully', {
    timeout: 30_000,
  });

  await page.getByRole("link", { name: "See it on the episodes page" }).click();
  await expect(page).toHaveURL(/\/farmereps$/);
  const card = page.locator("li.episode").filter({ hasText: title });
  await expect(card.getByRole("heading", { name: title })).toBeVisible();
  // The uploader by their display name, not their lower-case handle.
  await expect(card).toContainText("Uploaded by Demo Member on");
  const video = card.locator("video");
  await expect(video).toHaveAttribute("poster", /\/api\/episodes\/.+\/cover\.(png|jpg|gif|webp)$/);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(2);
  // Seeking needs Range requests to be honoured.
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    v.currentTime = 2;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(2);
  await expect(page.getByRole("link", { name: /video podcast feed/ })).toHaveAttribute(
    "href",
    "/api/episodes/feed.xml",
  );
});

/** Publishes an episode through the API as the signed-in member; returns its id. */
async function publish(request: APIRequestContext, title: string) {
  const video = await uploadByApi(
    request,
    { purpose: "episode-video", fileName: "episode.webm", contentType: "video/webm" },
    readFileSync(clip),
  );
  const picture = await uploadByApi(request, {
    purpose: "episode-cover",
    fileName: "cover.png",
    contentType: "image/png",
  });
  const created = await request.post("/api/episodes", {
    data: { title, description: "A test pattern.", videoUploadId: video.uploadId, coverUploadId: picture.uploadId },
    headers: { origin: origin() },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { episode: { id: string } }).episode.id;
}

test("an episode's own page leads with its video, then Share and more episodes", async ({ page }) => {
  await login(page, MEMBER.email, MEMBER.password);
  const older = unique("Older episode ");
  const title = unique("Episode page ");
  await publish(page.request, older);
  const id = await publish(page.request, title);

  await page.goto(`/farmereps/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  // The poster is the episode's one picture: no separate artwork repeats it.
  const poster = await page.locator("main video").first().getAttribute("poster");
  expect(poster).toMatch(/\/cover\.png$/);
  await expect(page.locator(`img[src="${poster}"]`)).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Copy link/ })).toBeVisible();
  // More episodes: the others, newest first, each with its date; never the episode itself.
  const more = page.getByRole("region", { name: "More episodes" }).getByRole("listitem");
  const olderItem = more.filter({ has: page.getByRole("link", { name: older }) });
  // The length in words once the poster job has probed each episode (the two jobs may finish in
  // either order), beside 'Uploaded by … on …' and in the older episode's row.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(/Uploaded by Demo Member on .+ · \d+ sec/)).toBeVisible({ timeout: 1_000 });
    await expect(olderItem).toContainText(/ · \d+ sec/, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(olderItem.locator("time")).toHaveCount(1);
  await expect(more.filter({ hasText: title })).toHaveCount(0);
});
