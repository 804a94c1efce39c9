// Drop Zone (/dropzone): files go straight into a new project or one of the member's own, each with
// its progress; on the project page the selection can be seen and counted, and a file is deleted
// through the in-page dialog, by its three clicks or by its own Delete button.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { PROJECT_TITLE_REQUIRED } from "../../app/kernel/schemas/files";
import { answerConfirm, login, MEMBER, unique, workspaceNav } from "./fixtures";

const dir = mkdtempSync(join(tmpdir(), "e2e-dropzone-"));
const cover = join(dir, "cover.png");
const notes = join(dir, "notes.txt");
const more = join(dir, "more.txt");

test.beforeAll(() => {
  writeFileSync(
    cover,
    Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
      "base64",
    ),
  );
  writeFileSync(notes, "Show notes for the first episode.\n");
  writeFileSync(more, "A second page of notes.\n");
});

test("drop files into a new project, then into it again; select and delete them on the project page", async ({
  page,
}) => {
  const title = unique("Dropped ");
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await login(page, MEMBER.email, MEMBER.password);
  await workspaceNav(page).getByRole("link", { name: "Drop Zone" }).click();
  await expect(page).toHaveURL(/\/dropzone$/);
  await expect(page.getByRole("heading", { level: 1, name: "Drop Zone" })).toBeVisible();

  // ── a new project needs its title before anything goes up ──
  await page.getByLabel("Into project").selectOption({ label: "A new project…" });
  // Dropped files wait for Upload (the rule of every project drop zone); without a title they stay chosen.
  await page.getByLabel("Files to upload").setInputFiles([cover, notes]);
  await expect(page.getByRole("list", { name: "Files chosen" }).getByRole("listitem")).toHaveCount(2);
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByText(PROJECT_TITLE_REQUIRED)).toBeVisible();
  await page.getByLabel("Project title").fill(title);
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  // The seed's success said once, under the rows; no toast repeats it.
  await expect(page.getByRole("status").filter({ hasText: "Upload successful!" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Upload successful!")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Dismiss notification" })).toHaveCount(0);
  await expect(page.getByLabel("cover.png upload progress")).toBeVisible();
  // Each file is one row: the sent ones are the queue's rows, none is still listed as chosen.
  await expect(page.getByRole("listitem", { name: "Upload of cover.png" })).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Files chosen" })).toHaveCount(0);
  // The new project is now the one chosen, for the next drop.
  await expect(page.getByLabel("Into project").locator("option:checked")).toHaveText(title);

  // ── a second drop joins the same project ──
  await page.getByLabel("Files to upload").setInputFiles([more]);
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByLabel("more.txt upload progress")).toHaveAttribute("aria-valuenow", "100", {
    timeout: 30_000,
  });
  await expect(page.getByRole("link", { name: `View more.txt in ${title}` })).toBeVisible();
  await page.getByRole("link", { name: `View more.txt in ${title}` }).click();
  await expect(page).toHaveURL(/\/projects\/[\w-]+$/);
  const files = page.locator("li.file-item");
  await expect(files).toHaveCount(3);

  // ── selection you can see: a first click marks, a second selects, Ctrl/⌘-click adds, the count says so ──
  const count = page.getByText(/selected$/);
  await expect(count).toHaveText("No files selected");
  const select = (name: string) => files.filter({ hasText: name }).locator("button.file-select");
  await select("notes.txt").click();
  await expect(select("notes.txt")).toHaveAttribute("aria-pressed", "false");
  await select("notes.txt").click();
  await expect(select("notes.txt")).toHaveAttribute("aria-pressed", "true");
  await select("more.txt").click({ modifiers: ["ControlOrMeta"] });
  await expect(select("more.txt")).toHaveAttribute("aria-pressed", "true");
  await expect(count).toHaveText("2 of 3 selected");
  // A selected file clicked again asks to delete it; declining keeps it selected.
  await select("more.txt").click();
  await answerConfirm(page, "Are you sure you want to delete this file?", "Cancel");
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(select("more.txt")).toHaveAttribute("aria-pressed", "true");
  await expect(count).toHaveText("2 of 3 selected");

  // ── Delete is in the file's own menu, and asks first ──
  await files.filter({ hasText: "cover.png" }).locator("summary").click();
  await page.getByRole("button", { name: "Delete cover.png" }).click();
  await answerConfirm(page, "Are you sure you want to delete this file?", "Delete");
  await expect(page.getByText("File deleted successfully!")).toBeVisible();
  await expect(files).toHaveCount(2);
  await expect(files.filter({ hasText: "cover.png" })).toHaveCount(0);
  expect(dialogs).toEqual([]);
});
