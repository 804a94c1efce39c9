import { expect, test } from "@playwright/test";
import { closePopup } from "./fixtures";

test("the landing page shows the seeded welcome card, which closes, and Try leads to sign-up", async ({ page }) => {
  await page.goto("/");
  const card = page.getByRole("complementary", { name: "Welcome" });
  await expect(card).toBeVisible();
  await expect(card.getByRole("heading", { name: "Welcome to the creator platform" })).toBeVisible();

  // The seeded paragraph is longer than 100 characters: it is cut with "...".
  const paragraph = card.locator("p");
  await expect(paragraph).toHaveText(/\.\.\.$/);
  expect((await paragraph.innerText()).trim().length).toBe(103);

  const link = card.getByRole("link", { name: "See the packages" });
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("href", "https://creatorplatform.app/editmedia");

  await closePopup(card);

  await page.getByRole("link", { name: "Try" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole("heading", { name: "Sign up" })).toBeVisible();
});
