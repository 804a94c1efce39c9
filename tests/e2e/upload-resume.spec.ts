// A file above the multipart threshold, in a real browser: parts go up four at
// a time; when the connection fails for good the upload stops with a message,
// and uploading the same file again sends only the parts that had not arrived
// (ADR 019).
import { closeSync, mkdtempSync, openSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Request, test } from "@playwright/test";
import { MULTIPART_THRESHOLD, PART_SIZE } from "../../app/kernel/schemas/files";
import { login, MEMBER, openNewProject, PNG, unique } from "./fixtures";
import { partOf } from "./uploads";

const dir = mkdtempSync(join(tmpdir(), "e2e-resume-"));
const big = join(dir, "long.mp4");
const cover = join(dir, "cover.png");
const SIZE = MULTIPART_THRESHOLD + 1;
const PARTS = Math.ceil(SIZE / PART_SIZE);

test.beforeAll(() => {
  // An MP4 `ftyp` box first (completion sniffs the type), zeros after: written in 1 MiB blocks.
  const fd = openSync(big, "w");
  const block = Buffer.alloc(1024 * 1024);
  block.set([0, 0, 0, 0x20, ...Buffer.from("ftypisom")]);
  for (let written = 0; written < SIZE; written += block.length) {
    writeSync(fd, block, 0, Math.min(block.length, SIZE - written));
    block.fill(0, 0, 12);
  }
  closeSync(fd);
  const coverFd = openSync(cover, "w");
  writeSync(coverFd, PNG);
  closeSync(coverFd);
});

test("a large file goes up four parts at a time and, after a failure, resumes with only the missing parts", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await login(page, MEMBER.email, MEMBER.password);
  await openNewProject(page);
  await page.getByLabel("Project title").fill(unique("Resume "));
  await page.getByLabel("Files for the new project").setInputFiles([cover]);
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page).toHaveURL(/\/projects\/[\w-]+$/, { timeout: 30_000 });

  // Parts in flight, and the parts storage answered 200 for.
  let inFlight = 0;
  let most = 0;
  const stored: number[] = [];
  const sent: number[] = [];
  page.on("request", (request) => {
    const part = partOf(request);
    if (part === null) return;
    sent.push(part);
    inFlight++;
    most = Math.max(most, inFlight);
  });
  const settled = async (request: Request) => {
    const part = partOf(request);
    if (part === null) return;
    inFlight--;
    if ((await request.response())?.status() === 200) stored.push(part);
  };
  page.on("requestfinished", settled);
  page.on("requestfailed", settled);

  // First visit: parts 1–3 arrive; every later part meets a dropped connection (after 1–3 are in).
  let firstThree: () => void = () => {};
  const firstThreeIn = new Promise<void>((resolve) => {
    firstThree = resolve;
  });
  let arrived = 0;
  await page.route(/\/api\/storage\/put\//, async (route) => {
    const part = partOf(route.request());
    if (part !== null && part > 3) {
      await firstThreeIn;
      return route.abort("connectionreset");
    }
    const response = await route.fetch();
    await route.fulfill({ response });
    if (response.status() === 200 && ++arrived === 3) firstThree();
  });
  await page.getByLabel("Files to upload").setInputFiles([big]);
  await page.getByRole("button", { name: "Upload", exact: true }).first().click();
  await expect(page.getByText(/Network error/).first()).toBeVisible({ timeout: 120_000 });
  expect(most).toBe(4);
  expect([...new Set(stored)].sort()).toEqual([1, 2, 3]);

  // Second visit: the same file again sends only parts 4.. and completes.
  await page.unroute(/\/api\/storage\/put\//);
  sent.length = 0;
  most = 0;
  await page.getByRole("button", { name: "Upload", exact: true }).first().click();
  await expect(page.getByRole("link", { name: "Open long.mp4" })).toBeVisible({ timeout: 120_000 });
  expect([...sent].sort((a, b) => a - b)).toEqual(Array.from({ length: PARTS - 3 }, (_, i) => i + 4));
  expect(most).toBe(Math.min(4, PARTS - 3));
});
