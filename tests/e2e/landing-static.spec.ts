// The landing page is server-rendered HTML that loads no JavaScript file (ADR 026): its card
// closes by mouse and keyboard with no framework, its phone menu and its links work with
// JavaScript turned off, and the pages it leads to hydrate as before.
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { accountMenu, login, logOut, MEMBER, mainNav } from "./fixtures";

const PHONE = { width: 390, height: 844 };

/** Every script resource the page asks for from now on. */
function scriptRequests(page: Page) {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") urls.push(request.url());
  });
  return urls;
}

async function expectNoScripts(page: Page, requested: string[]) {
  await page.waitForLoadState("networkidle");
  expect(requested).toEqual([]);
  await expect(page.locator('script[type="module"]')).toHaveCount(0);
  await expect(page.locator("script[src]")).toHaveCount(0);
}

/** The page hydrated: it fetched the app's modules, and the header's menu button (React's onClick) opens the menu. */
async function expectHydrated(page: Page, requested: string[]) {
  await expect
    .poll(() => requested.filter((url) => new URL(url).pathname.startsWith("/assets/")).length)
    .toBeGreaterThan(0);
  const menu = page.getByRole("button", { name: "Menu" });
  await expect(async () => {
    // Before hydration the click does nothing; after it, one click opens the menu.
    if ((await menu.getAttribute("aria-expanded")) !== "true") await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true", { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(mainNav(page).getByRole("link", { name: "Auction" })).toBeVisible();
}

async function phone(browser: Browser, options: Parameters<typeof browser.newContext>[0] = {}) {
  return browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: PHONE, ...options });
}

/** A fresh phone-sized browser on `/`, checked to have loaded no script; `requested` keeps counting. */
async function openLanding(browser: Browser) {
  const context = await phone(browser);
  const page = await context.newPage();
  const requested = scriptRequests(page);
  await page.goto("/");
  await expectNoScripts(page, requested);
  return { context, page, requested };
}

test.describe("the landing page without React", () => {
  let context: BrowserContext;
  test.afterEach(async () => {
    await context?.close();
  });

  test("loads no script, closes its card by mouse (remembered), and Try leads to a hydrated sign-up", async ({
    browser,
  }) => {
    const opened = await openLanding(browser);
    context = opened.context;
    const { page, requested } = opened;

    const card = page.getByRole("complementary", { name: "Welcome" });
    await expect(card.getByRole("heading")).toBeVisible();
    await card.getByRole("button", { name: "Close" }).click();
    await expect(card).toBeHidden();
    await page.reload();
    await expectNoScripts(page, requested);
    await expect(page.getByRole("heading", { name: "Replace an ad in every episode at once" })).toBeVisible();
    await expect(card).toBeHidden();

    await page.getByRole("link", { name: "Try" }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole("heading", { name: "Sign up" })).toBeVisible();
    await expectHydrated(page, requested);

    // Back to / by a client navigation (the logo): React draws the landing page now, and the card stays closed.
    await page.getByRole("banner").getByRole("link", { name: "Creator Platform" }).click();
    await expect(page.getByRole("heading", { name: "Replace an ad in every episode at once" })).toBeVisible();
    await expect(card).toBeHidden();
  });

  test("closes its card by keyboard: Tab to Close and Enter, or Escape inside the card", async ({ browser }) => {
    const opened = await openLanding(browser);
    context = opened.context;
    const { page } = opened;
    const card = page.getByRole("complementary", { name: "Welcome" });
    const close = card.getByRole("button", { name: "Close" });
    await expect(close).toBeVisible();
    // Tab order: the public bar (the logo, Sign In, Sign Up, the Menu disclosure), 'Try' and 'Join the
    // Early Risers', then the card's Close (on a phone the card sits after the promise and the demo).
    for (let i = 0; i < 12 && !(await close.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press("Tab");
    await expect(close).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(card).toBeHidden();

    // A second browser (nothing remembered): Escape from the card's link closes it.
    const { page: other } = await openLanding(browser);
    const again = other.getByRole("complementary", { name: "Welcome" });
    // On a phone the card starts folded to its header: 'Details' opens it.
    await again.locator("summary", { hasText: "Details" }).click();
    await again.getByRole("link").focus();
    await other.keyboard.press("Escape");
    await expect(again).toBeHidden();
    await other.context().close();
  });

  test("Join the Early Risers leads to /community, which hydrates", async ({ browser }) => {
    const opened = await openLanding(browser);
    context = opened.context;
    const { page, requested } = opened;
    await page.getByRole("link", { name: "Join the Early Risers" }).click();
    await expect(page).toHaveURL(/\/community$/);
    await expect(page.getByRole("heading", { name: "Early Risers" })).toBeVisible();
    await expectHydrated(page, requested);
  });

  test("with JavaScript turned off it is the same page: the card closes, the phone menu opens, links work", async ({
    browser,
  }) => {
    context = await phone(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Replace an ad in every episode at once" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Try" })).toHaveAttribute("href", "/signup");
    await expect(page.getByRole("link", { name: "Join the Early Risers" })).toHaveAttribute("href", "/community");

    const card = page.getByRole("complementary", { name: "Welcome" });
    await expect(card.getByRole("heading")).toBeVisible();
    await card.getByRole("button", { name: "Close" }).focus();
    await page.keyboard.press("Enter");
    await expect(card).toBeHidden();
    // Without script nothing is remembered: the card is back on the next visit, and closes by mouse.
    await page.reload();
    await card.getByRole("button", { name: "Close" }).click();
    await expect(card).toBeHidden();

    const nav = mainNav(page);
    await expect(nav.getByRole("link", { name: "Auction" })).toBeHidden();
    await page.locator(".menu-toggle").click();
    await nav.getByRole("link", { name: "Auction" }).click();
    await expect(page).toHaveURL(/\/bidgallery$/);
    await page.getByRole("banner").getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  });

  test("a member's header works on / with no script: theme applied, menu, Log Out", async ({ page }) => {
    await login(page, MEMBER.email, MEMBER.password);
    const requested = scriptRequests(page);
    await page.goto("/");
    await expectNoScripts(page, requested);
    // The public bar (ADR 117): the account menu, the way back to work first in it (a <details>: no script).
    await accountMenu(page).locator("summary").click();
    await expect(accountMenu(page).getByRole("link", { name: "Open workspace" })).toHaveAttribute(
      "href",
      "/authenticated",
    );
    // The theme is the server's: the font scale is on <html> with no script (the seed's default
    // accent keeps the brand's own colours, ADR 118, so no --accent is written for it).
    await expect(page.locator("html")).toHaveAttribute("style", /--font-scale:\d+%/);
    // A member's landing page leads back to their work instead of offering "Try".
    await expect(page.getByRole("link", { name: "Go to your workspace" })).toHaveAttribute("href", "/authenticated");
    await expect(page.getByRole("link", { name: "Try" })).toHaveCount(0);
    await logOut(page);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Log Out" })).toHaveCount(0);
  });

  test("a visitor's dark theme applies on / with no script", async ({ browser }) => {
    context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    await context.addCookies([
      {
        name: "theme",
        value: encodeURIComponent(JSON.stringify({ isDarkMode: true })),
        url: test.info().project.use.baseURL!,
      },
    ]);
    const page = await context.newPage();
    const requested = scriptRequests(page);
    await page.goto("/");
    await expectNoScripts(page, requested);
    await expect(page.locator("html")).toHaveClass("dark");
  });
});
