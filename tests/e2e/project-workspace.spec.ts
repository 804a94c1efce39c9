// The project workspace's first screen at 1280×800 (issue 46, review 12-05c problems 1 and 6): library,
// timeline and inspector side by side, the inspector's top in the first screen; a first click shows a
// library file in the inspector, a second selects it, a third asks to delete; a row keeps Play, Open and its "⋯" menu (Delete) inside
// it; one 'Add media' panel, under the panes, offers the library's upload or the playlist's.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { answerConfirm, login, MEMBER, openNewProject, unique } from "./fixtures";
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

test("at 1280×800 library, timeline and inspector share the first screen, a file goes through the seed's click states, and 'Add media' is the one way to add files", async ({
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

  // Three panes side by side under the header: files | timeline | inspector, each starting in the
  // first screen (the uploads tray, while shown, sits above them).
  const header = (await page.locator("header.workspace-header").boundingBox())!;
  const filesBox = (await page.getByRole("heading", { name: "Files", exact: true }).boundingBox())!;
  const orderBox = (await page.getByRole("heading", { name: "Playlist order" }).boundingBox())!;
  const inspectorBox = (await page.getByRole("heading", { name: "Inspector", exact: true }).boundingBox())!;
  for (const box of [filesBox, orderBox, inspectorBox]) {
    expect(box.y).toBeLessThan(header.y + header.height + 60);
    expect(box.y + box.height).toBeLessThan(800);
  }
  expect(orderBox.x).toBeGreaterThan(filesBox.x + filesBox.width);
  expect(inspectorBox.x).toBeGreaterThan(orderBox.x + orderBox.width);

  // Seed 000 §4: the first click shows the file in the inspector, the second selects it, the third
  // asks to delete it (declining keeps it selected).
  const row = page.locator("li.file-item").first();
  const select = row.locator("button.file-select");
  await select.click();
  const inspector = page.getByRole("region", { name: "Inspector", exact: true });
  await expect(inspector.getByText("From the media library")).toBeVisible();
  await expect(inspector.locator(".inspector-name").first()).toContainText("intro");
  await expect(select).toHaveAttribute("aria-pressed", "false");
  await select.click();
  await expect(select).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("1 of 1 selected")).toBeVisible();
  await select.click();
  await answerConfirm(page, "Are you sure you want to delete this file?", "Cancel");
  await expect(select).toHaveAttribute("aria-pressed", "true");

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

  // A library row keeps Play and Open inside it, Delete in its menu; Open opens the file's page.
  await expect(row.getByRole("button", { name: /^Play file / })).toBeVisible();
  await expect(row.getByRole("button", { name: /^Delete / })).toBeHidden();
  await row.getByLabel(/^More for /).click();
  await expect(row.getByRole("button", { name: /^Delete / })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(row.getByRole("button", { name: /^Delete / })).toBeHidden();
  await row.getByRole("link", { name: /^Open / }).click();
  await expect(page).toHaveURL(/\/bigfile\//);
});
