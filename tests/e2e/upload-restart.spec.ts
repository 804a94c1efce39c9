// Issue 32: an upload survives closing the browser. A 200 MiB file goes up in a browser with a
// persistent profile; the browser is closed after five parts are stored; opened again on another
// page, the tray offers the upload (its file kept in IndexedDB), resumes it with only the parts the
// server lacks, and the stored object is byte-identical to the source.
import { createHash, randomBytes } from "node:crypto";
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, expect, type Page, test } from "@playwright/test";
import { PART_SIZE } from "../../app/kernel/schemas/files";
import { login, MEMBER, openNewProject, PNG, unique } from "./fixtures";
import { partOf } from "./uploads";

const SIZE = 200 * 1024 * 1024;
const PARTS = Math.ceil(SIZE / PART_SIZE);
/** Parts let through before the browser is closed; the later ones hang until then. */
const FIRST_VISIT = 5;

const dir = mkdtempSync(join(tmpdir(), "e2e-restart-"));
const profile = join(dir, "profile");
const big = join(dir, "restart.mp4");
const cover = join(dir, "cover.png");
let sourceHash = "";

test.beforeAll(() => {
  // An MP4 `ftyp` box first (completion sniffs the type), random bytes after, so a misplaced part shows.
  const hash = createHash("sha256");
  const fd = openSync(big, "w");
  for (let written = 0; written < SIZE; ) {
    const block = randomBytes(Math.min(4 * 1024 * 1024, SIZE - written));
    if (written === 0) block.set([0, 0, 0, 0x20, ...Buffer.from("ftypisom")]);
    writeSync(fd, block);
    hash.update(block);
    written += block.length;
  }
  closeSync(fd);
  sourceHash = hash.digest("hex");
  const coverFd = openSync(cover, "w");
  writeSync(coverFd, PNG);
  closeSync(coverFd);
});

test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A browser whose profile (cookies, IndexedDB) lives on disk between launches. */
async function openBrowser(): Promise<BrowserContext> {
  const use = test.info().project.use;
  return chromium.launchPersistentContext(profile, {
    ...use.launchOptions,
    headless: true,
    baseURL: use.baseURL,
    viewport: { width: 1280, height: 800 },
  });
}

/** What this browser's IndexedDB keeps of unfinished uploads: file name and the server's upload id. */
function keptUploads(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ name: string; uploadId: string | null; hasFile: boolean }[]>((resolve, reject) => {
        const open = indexedDB.open("creator-uploads");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("uploads")) return resolve([]);
          const all = db.transaction("uploads").objectStore("uploads");
          const keys = all.getAllKeys();
          const values = all.getAll();
          values.onsuccess = () => {
            const byKey = new Map(keys.result.map((key, i) => [String(key), values.result[i]]));
            const kept = [...byKey]
              .filter(([key]) => key.endsWith(":meta"))
              .map(([key, meta]) => ({
                name: (meta as { name: string }).name,
                uploadId: (meta as { uploadId: string | null }).uploadId,
                hasFile: byKey.get(key.replace(/:meta$/, ":file")) instanceof Blob,
              }));
            db.close();
            resolve(kept);
          };
        };
      }),
  );
}

test("an upload cut by closing the browser is offered again on another page and sends only the missing parts", async () => {
  test.setTimeout(480_000);

  // First visit: a new project, then the big file; parts after the fifth hang until the browser closes.
  let browser = await openBrowser();
  let page = browser.pages()[0] ?? (await browser.newPage());
  await login(page, MEMBER.email, MEMBER.password);
  await openNewProject(page);
  await page.getByLabel("Project title").fill(unique("Restart "));
  await page.getByLabel("Files for the new project").setInputFiles([cover]);
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page).toHaveURL(/\/projects\/[\w-]+$/, { timeout: 30_000 });
  const projectPath = new URL(page.url()).pathname;

  const stored = new Set<number>();
  await page.route(/\/api\/storage\/put\//, async (route) => {
    const part = partOf(route.request());
    if (part !== null && part > FIRST_VISIT) return; // never answered: the browser closes on it
    await route.continue();
  });
  page.on("requestfinished", async (request) => {
    const part = partOf(request);
    if (part !== null && (await request.response())?.status() === 200) stored.add(part);
  });
  await page.getByLabel("Files to upload").setInputFiles([big]);
  await page.getByRole("button", { name: "Upload", exact: true }).first().click();
  await expect(page.getByLabel("restart.mp4 upload progress").first()).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => stored.size, { timeout: 180_000 }).toBe(FIRST_VISIT);
  // The file and the server's upload id are kept before the browser goes.
  await expect
    .poll(async () => (await keptUploads(page)).filter((kept) => kept.uploadId && kept.hasFile).length, {
      timeout: 60_000,
    })
    .toBe(1);
  const [kept] = await keptUploads(page);
  await browser.close();

  // Second visit, on another page of the app: the tray offers the upload.
  browser = await openBrowser();
  page = browser.pages()[0] ?? (await browser.newPage());
  await page.goto("/programming");
  const tray = page.getByRole("region", { name: /^Uploads/ });
  await expect(tray.getByRole("button", { name: "Resume restart.mp4" })).toBeVisible({ timeout: 30_000 });

  // What the server holds decides what is sent: exactly the parts it lacks.
  const held = await page.request.get(`/api/uploads/${kept!.uploadId}`);
  expect(held.status(), await held.text()).toBe(200);
  const done = ((await held.json()) as { multipart: { done: number[] } }).multipart.done;
  expect([...done].sort((a, b) => a - b)).toEqual(Array.from({ length: FIRST_VISIT }, (_, i) => i + 1));
  const sent: number[] = [];
  page.on("request", (request) => {
    const part = partOf(request);
    if (part !== null) sent.push(part);
  });

  await tray.getByRole("button", { name: "Resume restart.mp4" }).click();
  const landed = tray.getByRole("link", { name: /^View restart\.mp4 in / });
  await expect(landed).toBeVisible({ timeout: 300_000 });
  // Each missing part once or more (a part refused by a loaded server is retried), no held part again.
  expect([...new Set(sent)].sort((a, b) => a - b)).toEqual(
    Array.from({ length: PARTS - FIRST_VISIT }, (_, i) => i + FIRST_VISIT + 1),
  );
  // Finished: nothing of it is kept in the browser any more.
  await expect.poll(async () => (await keptUploads(page)).length).toBe(0);

  // The link leads to the project; the stored object is the source, byte for byte.
  await landed.click();
  await expect(page).toHaveURL(new RegExp(`${projectPath}$`));
  const open = page.getByRole("link", { name: "Open restart.mp4" });
  await expect(open).toBeVisible({ timeout: 30_000 });
  const fileId = (await open.getAttribute("href"))!.split("/").pop()!;
  const link = await page.request.post(`/api/files/${fileId}/download`, {
    headers: { origin: new URL(page.url()).origin },
  });
  expect(link.status(), await link.text()).toBe(200);
  const { url } = (await link.json()) as { url: string };
  const bytes = await (await page.request.get(url)).body();
  expect(bytes.byteLength).toBe(SIZE);
  expect(createHash("sha256").update(bytes).digest("hex")).toBe(sourceHash);
  await browser.close();
});
