import { expect, test } from "@playwright/test";
import { SIGN_IN_UNSUCCESSFUL } from "../../app/kernel/schemas/accounts";
import { MEMBER, submitSignin } from "./fixtures";

test("a wrong password is refused with the seed's message", async ({ page }) => {
  await page.goto("/signin");
  await submitSignin(page, MEMBER.email, "definitely-not-the-password");
  await expect(page.getByRole("alert")).toHaveText(SIGN_IN_UNSUCCESSFUL);
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Log Out" })).toHaveCount(0);
});
