import { expect, type Page, test } from "@playwright/test";
import { ADMIN, accountMenu, login, MEMBER, mainNav, origin, unique, workspaceNav } from "./fixtures";

// Three chromes (ADR 117): the public bar and footer on the audience's pages, the workspace sidebar
// grouped by job for a member at work, the logo alone on a guest's one task.
const PUBLIC_LINKS = ["Auction", "Battle", "Episodes", "Fundraiser", "Services"];
const MEMBER_LINKS = [
  // Create
  "Home",
  "Drop Zone",
  "Programming",
  "Sequence",
  "Downloads",
  // Publish
  "Shows",
  "FarmerTv",
  "Episodes",
  // Sell; Checkout with the live cart count when the cart holds something ("Checkout, 1 in cart" to a screen reader).
  "Store",
  "Digi",
  "Manager",
  "Campaigns",
  // The count is a pill (a grid box), so Chromium puts a space before its hidden comma.
  /^Checkout ?(, \d+ in cart)?$/,
  // Community
  "Auction",
  "Battle",
  "Fundraiser",
  "Services",
];
const ADMIN_ONLY = ["Admin", "CreateBid", "Enter member items", "Pending member items"];
const ACCOUNT_LINKS = ["Settings", "Purchases"];

async function navLinks(page: Page) {
  return (await workspaceNav(page).getByRole("link").allInnerTexts()).map((text) => text.trim());
}

/** The public chrome: its bar's links, a footer, and no workspace sidebar. */
async function expectPublicChrome(page: Page) {
  await expect(mainNav(page).getByRole("link")).toHaveText(PUBLIC_LINKS);
  await expect(workspaceNav(page)).toHaveCount(0);
  await expect(page.locator("#site-nav")).toHaveCount(0);
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Contact" })).toHaveAttribute("href", "/contact");
  await expect(footer.getByRole("link", { name: "FarmerTV episodes RSS feed" })).toHaveAttribute(
    "href",
    "/api/episodes/feed.xml",
  );
}

test("a visitor's public pages wear the public bar and footer, never the workspace sidebar", async ({ page }) => {
  for (const path of ["/bidgallery", "/fundraiser", "/beatbattle", "/farmereps", "/signin", "/no-such-page"]) {
    await page.goto(path);
    await expectPublicChrome(page);
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/signin");
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/signup");
    await expect(accountMenu(page)).toHaveCount(0);
  }
  await expect(page.getByRole("heading", { name: "Not Found" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Log Out" })).toHaveCount(0);
});

test("a member at work has the sidebar grouped by job, Shows under Publish, and the account menu", async ({ page }) => {
  await login(page, MEMBER.email, MEMBER.password);
  await expect(page.locator(".site-header .welcome")).toHaveText(`Welcome, ${MEMBER.name}`);
  await expect(workspaceNav(page).getByRole("link")).toHaveText(MEMBER_LINKS);
  // Shows (the member's own podcasts) is under Publish, told apart from FarmerTV's Episodes.
  const publish = workspaceNav(page).getByRole("list", { name: "Publish" });
  await expect(publish.getByRole("link")).toHaveText(["Shows", "FarmerTv", "Episodes"]);
  const shows = publish.getByRole("link", { name: "Shows" });
  await expect(shows).toHaveAttribute("href", "/shows");
  await expect(shows).toHaveAccessibleDescription("your podcasts and their feeds");
  await expect(publish.getByRole("link", { name: "Episodes" })).toHaveAccessibleDescription("watch FarmerTV episodes");
  await expect(workspaceNav(page).getByRole("link", { name: "Programming" })).toHaveAccessibleDescription(
    "swap spots across episodes",
  );
  await expect(workspaceNav(page).getByRole("link", { name: "Digi" })).toHaveAccessibleDescription("your public store");
  // The whole row is the link: the description lies under the link's hit area (Playwright sees the
  // link "intercept" the click, hence force), and a click there opens Shows. A tall window shows the
  // descriptions (a short one too, in tighter rows, ../../app/styles/shell.css).
  await page.setViewportSize({ width: 1280, height: 1100 });
  await workspaceNav(page).getByText("your podcasts and their feeds").click({ force: true });
  await expect(page).toHaveURL(/\/shows$/);
  await expect(shows).toHaveAttribute("aria-current", "page");

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

test("a member on a public page sees the public bar, one line, with Open workspace in Account, no sidebar", async ({
  page,
}) => {
  await login(page, MEMBER.email, MEMBER.password);
  // A show of their own: its public page is the audience's, even to its owner.
  const slug = unique("chrome").toLowerCase();
  const created = await page.request.post("/api/shows", {
    data: {
      title: `Chrome ${slug}`,
      slug,
      description: "A show.",
      author: "Demo Member",
      category: "Leisure",
      language: "en",
    },
    headers: { origin: origin() },
  });
  expect(created.ok(), await created.text()).toBe(true);

  await workspaceNav(page).getByRole("link", { name: "Digi" }).click();
  await expect(page).toHaveURL(/\/digiprev\//);
  const userId = new URL(page.url()).pathname.split("/")[2]!;
  // The cart and a lot's page are the audience's too: no switch to the workspace mid-purchase.
  for (const path of [
    null,
    "/bidgallery",
    "/bidgallery/NO-SUCH-LOT",
    `/checkOut/${userId}`,
    "/fundraiser",
    `/shows/${slug}`,
  ]) {
    if (path) await page.goto(path);
    await expectPublicChrome(page);
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toHaveCount(0);
    // One line at 1280 px: 'Open workspace' is the account menu's first entry, not a button of its own.
    expect((await page.getByRole("banner").boundingBox())!.height).toBeLessThanOrEqual(72);
    await accountMenu(page).locator("summary").click();
    await expect(accountMenu(page).getByRole("link", { name: "Open workspace" })).toHaveAttribute(
      "href",
      "/authenticated",
    );
  }
  // The show's own feed is in the footer beside FarmerTV's.
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "This show's RSS feed" })).toHaveAttribute(
    "href",
    `/api/shows/${slug}/feed.xml`,
  );
  // …and its management pages are the member's work again.
  await page.goto(`/shows/${slug}/manage`);
  await expect(workspaceNav(page)).toBeVisible();
  await page.goto(`/shows/${slug}`);
  await accountMenu(page).locator("summary").click();
  await accountMenu(page).getByRole("link", { name: "Open workspace" }).click();
  await expect(page).toHaveURL(/\/authenticated$/);
  await expect(workspaceNav(page)).toBeVisible();
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
});

test("at 1280 × 800 every member link is in view; a folded group stays folded on the next page, the current page's opens", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, MEMBER.email, MEMBER.password);
  for (const label of MEMBER_LINKS)
    await expect(workspaceNav(page).getByRole("link", { name: label, exact: true })).toBeInViewport();
  // Each with its muted description in view under it, all the groups open.
  for (const text of ["your podcasts and their feeds", "your public store", "editing packages"])
    await expect(workspaceNav(page).getByText(text)).toBeInViewport();
  await expect(workspaceNav(page).getByRole("link", { name: "Shows" })).toHaveAttribute("title", /your podcasts/);

  await workspaceNav(page).getByText("Community", { exact: true }).click();
  await expect(workspaceNav(page).getByRole("link", { name: "Battle" })).toBeHidden();
  await page.reload();
  await expect(workspaceNav(page).getByRole("link", { name: "Battle" })).toBeHidden();
  await expect(workspaceNav(page).getByRole("link", { name: "Home" })).toBeVisible();
  // A folded group opens when its page is the current one (Battle is public; Sell is not).
  await workspaceNav(page).getByText("Sell", { exact: true }).click();
  await page.goto("/digimanager");
  await expect(workspaceNav(page).getByRole("link", { name: "Manager" })).toBeVisible();
});

test("the admin's group stays in view on a long admin page at 1280 × 800 and opens first on a phone", async ({
  page,
  browser,
}) => {
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto("/theAdministrator");
  await page.getByRole("heading", { name: "Waiting for you" }).scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  for (const label of ADMIN_ONLY)
    await expect(workspaceNav(page).getByRole("link", { name: label, exact: true })).toBeInViewport();

  const phone = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 844 },
  });
  const small = await phone.newPage();
  await login(small, ADMIN.email, ADMIN.password);
  await small.goto("/theAdministrator?section=popups");
  await small.getByRole("button", { name: "Menu" }).click();
  for (const label of ADMIN_ONLY)
    await expect(workspaceNav(small).getByRole("link", { name: label, exact: true })).toBeInViewport();
  await workspaceNav(small).getByRole("link", { name: "Pending member items", exact: true }).click();
  await expect(small).toHaveURL(/\/memitem$/i);
  await phone.close();
});

test("on a phone the public links and the sidebar each open from a Menu button", async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto("/fundraiser");
  await expect(mainNav(page).getByRole("link", { name: "Auction" })).toBeHidden();
  await page.getByRole("button", { name: "Menu" }).click();
  await mainNav(page).getByRole("link", { name: "Auction" }).click();
  await expect(page).toHaveURL(/\/bidgallery$/);
  await expect(mainNav(page).getByRole("link", { name: "Auction" })).toBeHidden();

  await login(page, MEMBER.email, MEMBER.password);
  await expect(workspaceNav(page).getByRole("link", { name: "Shows" })).toBeHidden();
  await page.getByRole("button", { name: "Menu" }).click();
  await workspaceNav(page).getByRole("link", { name: "Shows" }).click();
  await expect(page).toHaveURL(/\/shows$/);
  // 'Open workspace' is the account menu's first entry.
  await page.goto("/bidgallery");
  await accountMenu(page).locator("summary").click();
  await expect(accountMenu(page).getByRole("link")).toHaveText(["Open workspace", ...ACCOUNT_LINKS]);
  await context.close();
});

test("focused pages (a guest signer, an invitation) have the logo and no navigation", async ({ page }) => {
  for (const path of ["/sign/not-a-real-token", "/invitations/not-a-real-token"]) {
    await page.goto(path);
    await expect(page.getByRole("banner")).toContainText("Creator Platform");
    await expect(page.getByRole("navigation")).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("link")).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
  }
  // The same for a member: a guest's task never wears the workspace.
  await login(page, MEMBER.email, MEMBER.password);
  await page.goto("/sign/not-a-real-token");
  await expect(page.getByRole("navigation")).toHaveCount(0);
  await expect(accountMenu(page)).toHaveCount(0);
});

test("the admin's group comes first, in view, and opens the admin page", async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  await expect(page.locator(".site-header .welcome")).toHaveText(`Welcome, ${ADMIN.name}`);
  await expect(workspaceNav(page).getByRole("link")).toHaveText([...ADMIN_ONLY, ...MEMBER_LINKS]);
  for (const label of ADMIN_ONLY)
    await expect(workspaceNav(page).getByRole("link", { name: label, exact: true })).toBeInViewport();

  await workspaceNav(page).getByRole("link", { name: "Admin", exact: true }).click();
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
  // The section tab bar marks where the admin is; the orders search runs on the server.
  const sections = page.getByRole("navigation", { name: "Admin sections" });
  await sections.getByRole("link", { name: "Orders" }).click();
  await expect(sections.getByRole("link", { name: "Orders" })).toHaveAttribute("aria-current", "page");
  await page.getByLabel("Search orders").fill("#no-such-order");
  await page.getByLabel("Search orders").press("Enter");
  await expect(page).toHaveURL(/section=orders&q=%23no-such-order/);
  await expect(page.getByText("No orders match.")).toBeVisible();

  // The route also answers under its seed spelling. Earlier journeys sign many members up and the
  // table pages by 25, newest first: the demo member is found by the dashboard's search.
  await page.goto(`/theAdministrator?q=${encodeURIComponent(MEMBER.email)}`);
  await expect(
    page.getByRole("table", { name: "Users" }).getByRole("cell", { name: MEMBER.email, exact: true }),
  ).toBeVisible();
});

test("on a phone the header names the page instead of the welcome line, and the account menu still opens", async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await login(page, MEMBER.email, MEMBER.password);
  const header = page.locator(".site-header");
  await expect(header.locator(".page-title")).toHaveText("Home");
  await page.goto("/playselect");
  await expect(header.locator(".page-title")).toBeVisible();
  await expect(header.locator(".page-title")).toHaveText("Sequence");
  // The seed's welcome line is still the header's (read, not drawn); the account menu draws the name.
  await expect(header.locator(".welcome")).toHaveText(`Welcome, ${MEMBER.name}`);
  expect((await header.locator(".welcome").boundingBox())?.width).toBeLessThanOrEqual(1);
  await accountMenu(page).locator("summary").click();
  await expect(accountMenu(page).locator(".account-name")).toHaveText(MEMBER.name);
  await expect(accountMenu(page).getByRole("link", { name: "Settings" })).toBeVisible();
  await accountMenu(page).getByRole("link", { name: "Settings" }).click();
  await expect(header.locator(".page-title")).toHaveText("Settings");
  await context.close();
});
