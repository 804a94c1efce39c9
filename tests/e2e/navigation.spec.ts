import { expect, type Page, test } from "@playwright/test";
import { ADMIN, accountMenu, login, MEMBER, mainNav } from "./fixtures";

// Grouped as issue 28 §2 asks (ADR 036): Create, Sell, Community, and Admin for the admin.
const MEMBER_LINKS = [
  "Home",
  "Drop Zone",
  "Programming",
  "Sequence",
  "Downloads",
  "Store",
  "Digi",
  "Manager",
  // With the live cart count when the cart holds something ("Checkout, 1 in cart" to a screen reader).
  /^Checkout(, \d+ in cart)?$/,
  "Auction",
  "Battle",
  "Episodes",
  "Fundraiser",
  "Services",
  "FarmerTv",
];
const ADMIN_ONLY = ["CreateBid", "Admin", "Enter member items", "Pending member items"];
const ACCOUNT_LINKS = ["Settings", "Purchases"];

async function navLinks(page: Page) {
  return (await mainNav(page).getByRole("link").allInnerTexts()).map((text) => text.trim());
}

test("a visitor sees the visitor links only", async ({ page }) => {
  await page.goto("/");
  await expect(mainNav(page).getByRole("link")).toHaveText([
    "Home",
    "Sign In",
    "Sign Up",
    "Contact",
    "Auction",
    "Battle",
    "Episodes",
    "Fundraiser",
    "Services",
  ]);
  await expect(page.getByRole("button", { name: "Log Out" })).toHaveCount(0);
  await expect(accountMenu(page)).toHaveCount(0);
});

test("the demo member sees the member links and no admin links, and is refused the admin page", async ({ page }) => {
  await login(page, MEMBER.email, MEMBER.password);
  await expect(page.locator(".site-header .welcome")).toHaveText(`Welcome, ${MEMBER.name}`);
  await expect(mainNav(page).getByRole("link")).toHaveText(MEMBER_LINKS);
  await accountMenu(page).locator("summary").click();
  await expect(accountMenu(page).getByRole("link")).toHaveText(ACCOUNT_LINKS);
  await expect(accountMenu(page).getByRole("button", { name: "Log Out" })).toBeVisible();
  // Escape closes the menu again.
  await page.keyboard.press("Escape");
  await expect(accountMenu(page).getByRole("button", { name: "Log Out" })).toBeHidden();
  const links = await navLinks(page);
  for (const label of ADMIN_ONLY) expect(links).not.toContain(label);

  const response = await page.goto("/theAdministrator");
  expect(response?.status()).toBe(403);
  // Said plainly with a way back: no status code, never "403 Internal Server Error".
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You don't have access to this page");
  await expect(page.getByText("Admins only.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to your home page" })).toHaveAttribute("href", "/authenticated");
  await expect(page.getByText("403")).toHaveCount(0);
  await expect(page.locator("table")).toHaveCount(0);
  await expect(page.getByText(MEMBER.email)).toHaveCount(0);
});

test("the admin additionally sees CreateBid and Admin, and opens the admin page", async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  await expect(page.locator(".site-header .welcome")).toHaveText(`Welcome, ${ADMIN.name}`);
  await expect(mainNav(page).getByRole("link")).toHaveText([...MEMBER_LINKS, ...ADMIN_ONLY]);

  await mainNav(page).getByRole("link", { name: "Admin", exact: true }).click();
  await expect(page).toHaveURL(/\/theadministrator$/i);
  await expect(page.getByRole("heading", { name: "Admin dashboard" })).toBeVisible();
  // The dashboard opens on its overview; its own navigation leads to each section.
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Users" }).click();
  await expect(page).toHaveURL(/section=users/);
  const table = page.getByRole("table", { name: "Users" });
  await expect(table).toBeVisible();
  await page.getByLabel("Search users").fill(ADMIN.email);
  await page.getByLabel("Search users").press("Enter");
  await expect(table.getByRole("cell", { name: ADMIN.email, exact: true })).toBeVisible();

  // The route also answers under its seed spelling. Earlier journeys sign many members up and the
  // table pages by 25, newest first: the demo member is found by the dashboard's search.
  await page.goto(`/theAdministrator?q=${encodeURIComponent(MEMBER.email)}`);
  await expect(
    page.getByRole("table", { name: "Users" }).getByRole("cell", { name: MEMBER.email, exact: true }),
  ).toBeVisible();
});
