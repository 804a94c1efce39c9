// The admin's working tools: the users filter bar applies as the admin types or picks (no Search
// button to press), and the popup editor's looks fill both styles in one click, new popups starting
// from the Brand look.
import { expect, test } from "@playwright/test";
import { ADMIN, login, signedIn } from "./fixtures";

test("the users filter applies as the admin types and picks", async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto("/theAdministrator?section=users");
  const filters = page.getByRole("search", { name: "Filter users" });
  // Without script the form's own Search button sends it; with script there is none to press.
  await expect(filters.getByRole("button", { name: "Search" })).toHaveCount(0);
  await filters.getByLabel("Search users").pressSequentially(ADMIN.email.split("@")[0]!);
  await expect(page).toHaveURL(/section=users&q=support/);
  const table = page.getByRole("table", { name: "Users" });
  await expect(table.getByRole("cell", { name: ADMIN.email, exact: true })).toBeVisible();
  await filters.getByLabel("Sort by").selectOption("email");
  await expect(page).toHaveURL(/sort=email/);
  await expect(filters.getByLabel("Search users")).toHaveValue("support");
  await expect(filters.getByLabel("Order")).toContainText("A to Z");
});

test("without JavaScript the users filter is sent by its Search button", async ({ browser }) => {
  const admin = await signedIn(browser, ADMIN);
  const scriptless = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await admin.context.storageState(),
  });
  const page = await scriptless.newPage();
  await page.goto("/theAdministrator?section=users");
  const filters = page.getByRole("search", { name: "Filter users" });
  await filters.getByLabel("Search users").fill("support");
  await filters.getByLabel("Sort by").selectOption("email");
  await filters.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/section=users&q=support&sort=email/);
  await expect(page.getByRole("table", { name: "Users" }).getByRole("cell", { name: ADMIN.email })).toBeVisible();
  await scriptless.close();
  await admin.context.close();
});

test("a popup look fills the header and paragraph styles in one click", async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto("/popcustom");
  const looks = page.getByRole("group", { name: "Look" });
  await expect(looks.getByRole("button", { name: "Brand" })).toHaveAttribute("aria-pressed", "true");
  await page.getByLabel("Header", { exact: true }).fill("A bold welcome");
  await looks.getByRole("button", { name: "Bold" }).click();
  await expect(looks.getByRole("button", { name: "Bold" })).toHaveAttribute("aria-pressed", "true");
  await expect(looks.getByRole("button", { name: "Brand" })).toHaveAttribute("aria-pressed", "false");
  const preview = page.getByRole("complementary", { name: "Welcome" });
  await expect(preview.getByRole("heading", { name: "A bold welcome" })).toHaveCSS("font-size", "32px");
  await page.locator("summary").filter({ hasText: "Style" }).click();
  const header = page.getByRole("group", { name: "Header style" });
  await expect(header.getByLabel("Size")).toHaveValue("32px");
  await expect(header.getByLabel("Alignment")).toHaveValue("center");
  // Changing one control leaves the look's buttons unpressed: the style is the admin's own now.
  await header.getByLabel("Size").selectOption("28px");
  await expect(looks.getByRole("button", { name: "Bold" })).toHaveAttribute("aria-pressed", "false");
});
