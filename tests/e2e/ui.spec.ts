// The design system's catalogue (/dev/ui, ADR 035): the toast and the confirmation dialog behave as
// the issue asks, by mouse and keyboard, in both themes.
import { expect, test } from "@playwright/test";
import { toast } from "./fixtures";

test("toasts are status messages and the confirmation is an alertdialog that keeps and returns focus", async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto("/dev/ui");
  const light = page.getByRole("region", { name: "Light theme" });
  await expect(light).toBeVisible();
  await expect(page.getByRole("region", { name: "Dark theme" })).toHaveClass(/theme-dark/);

  // Hydrated: the click shows the toast (Radix loads on first use).
  await expect(async () => {
    await light.getByRole("button", { name: "Show a success toast" }).click();
    await expect(toast(page, "File uploaded successfully")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });

  const ask = light.getByRole("button", { name: "Ask to confirm" });
  await ask.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: "Are you sure you want to delete this file?" });
  await expect(dialog).toBeVisible();
  // Focus is inside the dialog, on Cancel (the safe answer); Tab stays inside.
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Delete" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  // Escape answers no and gives focus back to the button that asked.
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(ask).toBeFocused();
  await expect(toast(page, "Kept")).toBeVisible();

  await ask.click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Deleted")).toBeVisible();

  // The busy button says what it is doing and cannot be pressed twice.
  const busy = light.getByRole("button", { name: "Saving..." });
  await expect(busy).toBeDisabled();
  await expect(busy).toHaveAttribute("aria-busy", "true");
  expect(dialogs).toEqual([]);
});
