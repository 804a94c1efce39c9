// The project workspace's first screen at 1280×800 (issue 46, review 12-05b problems 1 and 2): the
// timeline starts near the top beside the library; one 'Add media' panel offers the library's upload
// or the playlist's.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { login, MEMBER, openNewProject, unique } from "./fixtures";
import { makeClip } from "./media";

let dir: string;
let clip: string;

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "workspace-e2e-"));
  clip = makeClip(dir, "intro.mp4", 1);
});

test.afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

test("at 1280×800 the timeline starts in the first screen, and 'Add media' is the one way to add files", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, MEMBER.email, MEMBER.password);
  await openNewProject(page);
  await page.getByLabel("Project title").fill(`Workspace ${unique("e2e")}`);
  await page.getByLabel("Files for the new project").setInputFiles([clip]);
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page).toHaveURL(/\/projects\/[\w-]+$/, { timeout: 30_000 });
  await expect(page.locator("li.file-item")).toHaveCount(1);

  // The timeline's heading comes right under the header (the uploads tray, while shown, sits above
  // both), beside the library.
  const header = (await page.locator("header.workspace-header").boundingBox())!;
  const orderBox = (await page.getByRole("heading", { name: "Playlist order" }).boundingBox())!;
  const filesBox = (await page.getByRole("heading", { name: "Files", exact: true }).boundingBox())!;
  expect(orderBox.y).toBeLessThan(header.y + header.height + 60);
  expect(orderBox.y + orderBox.height).toBeLessThan(800);
  expect(orderBox.x).toBeGreaterThan(filesBox.x + filesBox.width);

  // One 'Add media': the header's button focuses the panel; it adds to the library or to the playlist.
  await page.getByRole("button", { name: "Add media", exact: true }).click();
  await expect(page.locator("#add-media")).toBeFocused();
  await expect(page.getByRole("button", { name: "Add to the library" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Drag and drop files here, or click to select files")).toBeVisible();
  await expect(page.getByText("Choose files")).toBeHidden();
  await page.getByRole("button", { name: "Add to the playlist" }).click();
  await expect(page.getByText("Choose files")).toBeVisible();
  await expect(page.getByText("Drag and drop files here, or click to select files")).toBeHidden();
  await expect(page.getByRole("button", { name: "Upload", exact: true })).toHaveCount(1);

  // A library row keeps Play, Open and Delete; Open opens the file's page.
  const row = page.locator("li.file-item").first();
  await expect(row.getByRole("button", { name: /^Delete / })).toBeVisible();
  await row.getByRole("link", { name: /^Open / }).click();
  await expect(page).toHaveURL(/\/bigfile\//);
});
