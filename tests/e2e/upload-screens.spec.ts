// Issue 32: every upload screen sends through the one upload queue, so each shows the same row:
// the file's progress bar and a Cancel that aborts the upload on the server (DELETE → 204), and a
// failure that names the file and gives the server's reason. Storage is held (progress, cancel)
// or the ticket refused (failure) with page.route; the rest is the real app.
import { expect, type Page, test } from "@playwright/test";
import { ADMIN, login, MEMBER, openNewProgram, openNewProject, origin, PNG, unique } from "./fixtures";
import { bannerPng } from "./media";

const REASON = "The storage test stand-in refused this file.";
const MP3 = Buffer.concat([Buffer.from("ID3"), Buffer.from([4, 0, 0, 0, 0, 0, 0]), Buffer.alloc(4086)]);
const image = (name: string) => ({ name, mimeType: "image/png", buffer: PNG });
const audio = (name: string) => ({ name, mimeType: "audio/mpeg", buffer: MP3 });
const video = (name: string) => ({ name, mimeType: "video/webm", buffer: Buffer.alloc(4096, 1) });

/**
 * `send` hands `name` to the screen's upload twice: first with storage held — the queue's row shows
 * the progress bar, and Cancel deletes the upload on the server; then with the ticket refused — the
 * row says 'Failed to upload file: {name} — {reason}'.
 */
async function expectQueueRows(page: Page, name: string, send: () => Promise<void>) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let sending = () => {};
  const reached = new Promise<void>((resolve) => {
    sending = resolve;
  });
  await page.route(/\/api\/storage\/put\//, async (route) => {
    sending();
    await held;
    await route.abort().catch(() => {});
  });
  await send();
  const row = page.getByRole("listitem", { name: `Upload of ${name}` }).last();
  await expect(row.getByRole("progressbar", { name: `${name} upload progress` })).toBeVisible({ timeout: 20_000 });
  // The server has given the upload its id and the bytes are on their way.
  await reached;
  const cancelled = page.waitForResponse(
    (response) =>
      response.request().method() === "DELETE" && /^\/api\/uploads\/[^/]+$/.test(new URL(response.url()).pathname),
  );
  await row.getByRole("button", { name: `Cancel ${name}` }).click();
  expect((await cancelled).status()).toBe(204);
  await expect(page.getByRole("button", { name: `Cancel ${name}` })).toHaveCount(0);
  release();
  await page.unroute(/\/api\/storage\/put\//);

  await page.route(/\/api\/uploads$/, (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 400, json: { error: { code: "invalid", message: REASON } } })
      : route.fallback(),
  );
  await send();
  await expect(page.getByText(`Failed to upload file: ${name} — ${REASON}`).first()).toBeVisible({
    timeout: 20_000,
  });
  await page.unroute(/\/api\/uploads$/);
}

test.describe("member screens", () => {
  test.beforeEach(async ({ page }) => {
    await login(page, MEMBER.email, MEMBER.password);
  });

  test("new project (home) and the project page's uploader", async ({ page }) => {
    await openNewProject(page);
    await page.getByLabel("Project title").fill(unique("Queue "));
    await expectQueueRows(page, "first.png", async () => {
      await page.getByLabel("Files for the new project").setInputFiles(image("first.png"));
      await page.getByRole("button", { name: "Upload", exact: true }).click();
    });
    // A real upload creates the project and opens it.
    await page.getByLabel("Files for the new project").setInputFiles(image("cover.png"));
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page).toHaveURL(/\/projects\/[\w-]+$/, { timeout: 30_000 });

    await expectQueueRows(page, "notes.png", async () => {
      await page.getByLabel("Files to upload").setInputFiles(image("notes.png"));
      await page.getByRole("button", { name: "Upload", exact: true }).first().click();
    });
  });

  test("Drop Zone", async ({ page }) => {
    await page.goto("/dropzone");
    await page.getByLabel("Into project").selectOption({ label: "A new project…" });
    await page.getByLabel("Project title").fill(unique("Dropped "));
    await expectQueueRows(page, "dropped.png", async () => {
      await page.getByLabel("Files to upload").setInputFiles(image("dropped.png"));
      await page.getByRole("button", { name: "Upload", exact: true }).click();
    });
  });

  test("programs (the upload slots of programs and playlists)", async ({ page }) => {
    await page.goto("/programming");
    await openNewProgram(page);
    const create = page.locator("form.create-program");
    await create.getByLabel("Program title").fill(`Queue ${unique("p")}`);
    await create.getByLabel("Slot letter 1").fill("q");
    await create.locator('input[type="file"]').first().setInputFiles(video("spot.webm"));
    await expectQueueRows(page, "spot.webm", () => create.getByRole("button", { name: "Create Program" }).click());
  });

  test("FarmerTV", async ({ page }) => {
    await page.goto("/farmertv");
    await page.getByLabel("Title").fill(unique("Queue episode "));
    await page.getByLabel(/^Description/).fill("An episode the queue test never finishes.");
    await page.getByLabel("Video file").setInputFiles(video("episode.webm"));
    await expectQueueRows(page, "episode.webm", () => page.getByRole("button", { name: "Upload episode" }).click());
  });

  test("beat battle entry", async ({ page }) => {
    await page.goto("/beatbattle");
    await page.getByLabel("Beat name").fill(unique("Queue beat "));
    await page.getByLabel("Producer name").fill("Queue Producer");
    await page.getByLabel("Audio files", { exact: true }).setInputFiles(audio("battle.mp3"));
    await page.getByLabel("Cover art image").setInputFiles(image("battle-cover.png"));
    await expectQueueRows(page, "battle.mp3", () => page.getByRole("button", { name: "Submit" }).click());
  });

  test("show artwork", async ({ page }) => {
    const slug = unique("queue-show")
      .toLowerCase()
      .replace(/[^a-z0-9-]/g, "-");
    const created = await page.request.post("/api/shows", {
      headers: { origin: origin() },
      data: {
        title: `Queue Show ${slug}`,
        slug,
        description: "A show whose artwork the queue test never finishes.",
        author: MEMBER.name,
        category: "Leisure",
        language: "en",
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    await page.goto(`/shows/${slug}/manage`);
    await expectQueueRows(page, "artwork.png", () => page.getByLabel("Cover art").setInputFiles(image("artwork.png")));
  });

  test("store: new product and voice tag", async ({ page }) => {
    await page.goto("/digistore");
    await page.getByLabel("Title").fill(unique("Queue beat "));
    await page.getByLabel("Description").fill("Never finished.");
    await page.getByLabel("Audio files").setInputFiles(audio("beat.mp3"));
    await expectQueueRows(page, "beat.mp3", () => page.getByRole("button", { name: "Upload Product" }).click());

    await page.goto("/digimanager");
    await expectQueueRows(page, "tag.mp3", () =>
      page.locator('input[type="file"][aria-label="Voice tag"]').setInputFiles(audio("tag.mp3")),
    );
  });
});

test.describe("admin screens", () => {
  test.beforeEach(async ({ page }) => {
    await login(page, ADMIN.email, ADMIN.password);
  });

  test("welcome popup editor's image", async ({ page }) => {
    await page.goto("/popcustom");
    await expectQueueRows(page, "popup.png", () =>
      page.getByLabel("Image", { exact: true }).setInputFiles({ ...image("popup.png"), buffer: bannerPng() }),
    );
    // The failure stays with the picker, and the popup saves without an image (seed 001 §8).
    await expect(
      page.getByRole("alert").filter({ hasText: "The popup will be saved without an image." }),
    ).toBeVisible();
  });

  test("create bid", async ({ page }) => {
    await page.goto("/createBid");
    const block = page.locator("fieldset.bid-block").first();
    await block.getByLabel("Title").fill(unique("Queue lot "));
    await block.getByLabel("Price ($)").fill("12");
    await block.getByLabel("Description").fill("Never finished.");
    await block.locator('input[type="file"]').setInputFiles(image("lot.png"));
    await expectQueueRows(page, "lot.png", () => page.getByRole("button", { name: "Submit" }).click());
  });
});
