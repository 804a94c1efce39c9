// The buyer's journey: the admin sells a product with a cover and two audio
// files; a visitor opens the admin's store link, plays a preview and presses
// 'Add to Cart', signs in as the demo member and lands on the cart with the
// beat in it ('Added … to your cart'); they try a declined card (the
// provider's message, nothing fulfilled), then pay with 4242…: the thank-you
// with the receipt and each item's files and licence, an empty cart, the zip
// (both audio files and a licence PDF) and the licence page saying valid.
// Then the layout of the paying state at 1280 and 390 px.
import { readFile } from "node:fs/promises";
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { unzipSync } from "fflate";
import { CART_EMPTY, NAME_ON_CARD_REQUIRED, THANK_YOU } from "../../app/kernel/schemas/checkout";
import { ADMIN, login, MEMBER, origin, ownAddress, signedIn, submitSignin, unique } from "./fixtures";
import { sellerProduct } from "./store";

async function pay(page: Page, number: string) {
  await page.getByLabel("Name on card").fill("Demo Member");
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
}

/** The admin's new beat (cover, two WAVs), its title and the admin's id (their store's address). */
async function adminBeat(browser: Browser, prefix: string) {
  const { page: seller } = await signedIn(browser, ADMIN);
  const title = unique(prefix);
  await sellerProduct(seller, title);
  const sellerId = ((await (await seller.request.get("/api/session")).json()) as { user: { id: string } }).user.id;
  return { title, sellerId };
}

/** Plays the row's preview once the renderer has made it (the store page is read again until then). */
async function playWhenReady(buyer: Page, card: Locator, title: string) {
  await expect(async () => {
    await buyer.reload();
    await expect(card.getByRole("button", { name: `Play ${title}` })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await card.getByRole("button", { name: `Play ${title}` }).click();
  await expect(card.getByRole("button", { name: `Pause ${title}` })).toBeVisible();
}

test("a member pays for a product and downloads the licensed zip; a declined card fulfils nothing", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { title, sellerId } = await adminBeat(browser, "Night Drive ");

  // A visitor: 'Add to Cart' sends them to sign in, and the beat is in the cart once they have.
  const buyer = await (await browser.newContext()).newPage();
  await buyer.goto(`/digiprev/${sellerId}`);
  const card = buyer.getByRole("article", { name: title });
  // The previews are made by the renderer after the upload: look again until they are ready.
  await playWhenReady(buyer, card, title);
  await card.getByRole("button", { name: "Add to Cart" }).click();
  await expect(buyer).toHaveURL(/\/signin\?/);
  await expect(buyer.getByRole("note")).toHaveText(`Sign in to add ${title} to your cart.`);
  await submitSignin(buyer, MEMBER.email, MEMBER.password);
  await expect(buyer).toHaveURL(/\/checkOut\/[^?]+\?added=/);
  await expect(buyer.getByRole("status").filter({ hasText: "to your cart" })).toHaveText(`Added ${title} to your cart`);
  const row = buyer.getByRole("row", { name: new RegExp(title) });
  await expect(row).toContainText("support");
  await expect(row).toContainText("Non-Exclusive License");
  await expect(row.locator("img.item-cover")).toHaveCount(1); // its cover (decorative: alt "")
  await expect(buyer.getByTestId("cart-total")).toHaveText("$24.50");

  await buyer.getByRole("link", { name: "Proceed to Payment" }).click();
  await expect(buyer).toHaveURL(/step=pay/);
  await expect(buyer.getByText("TEST MODE")).toBeVisible();
  await buyer.getByRole("button", { name: "Pay $24.50" }).click();
  await expect(buyer.getByRole("alert")).toHaveText(NAME_ON_CARD_REQUIRED);

  await pay(buyer, "4000 0000 0000 0002");
  await expect(buyer.getByRole("alert")).toHaveText("Your card was declined.");
  await buyer.reload();
  await expect(buyer.getByRole("complementary", { name: "Order summary" })).toContainText(title);
  const none = (await (await buyer.request.get("/api/purchases")).json()) as {
    purchases: { items: { title: string }[] }[];
  };
  expect(none.purchases.flatMap((order) => order.items).filter((item) => item.title === title)).toEqual([]);

  await pay(buyer, "4242 4242 4242 4242");
  await expect(buyer.getByText(THANK_YOU)).toBeVisible();
  await expect(buyer).toHaveURL(/\?order=/);
  // One heading, the seed's thank-you; the emptied cart says nothing under the receipt.
  await expect(buyer.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(buyer.getByRole("heading", { level: 1, name: THANK_YOU })).toBeVisible();
  await expect(buyer.getByText(CART_EMPTY)).toHaveCount(0);
  await expect(buyer.getByRole("heading", { name: "Your cart" })).toHaveCount(0);
  // The receipt, then every item with its files and its licence.
  const receipt = buyer.getByRole("definition").filter({ hasText: /^CP-[A-Z0-9]{8}$/ });
  await expect(receipt).toBeVisible();
  await expect(buyer.getByText("$24.50").first()).toBeVisible();
  const bought = buyer.getByRole("listitem", { name: title });
  // The seller by their display name, as the store shows them.
  await expect(bought).toContainText(`by ${ADMIN.name}`);
  await expect(
    bought.getByRole("link", { name: `Download ${title} (Non-Exclusive License) verse.wav`, exact: true }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(
    bought.getByRole("link", { name: `Download ${title} (Non-Exclusive License) hook.wav`, exact: true }),
  ).toBeVisible();
  await expect(bought.getByRole("link", { name: `Licence for ${title}`, exact: true })).toHaveAttribute(
    "href",
    /^\/licence\/[A-Za-z0-9_-]+$/,
  );
  // Reloaded, the thank-you is still there: it is the order's own address.
  await buyer.reload();
  await expect(buyer.getByText(THANK_YOU)).toBeVisible();

  const link = buyer.getByRole("link", { name: /^Download CP-/ });
  await expect(link).toBeVisible({ timeout: 20_000 });
  const [download] = await Promise.all([buyer.waitForEvent("download"), link.click()]);
  const zip = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  const names = Object.keys(zip).sort();
  expect(names).toHaveLength(3);
  expect(names.some((name) => name.endsWith("/verse.wav"))).toBe(true);
  expect(names.some((name) => name.endsWith("/hook.wav"))).toBe(true);
  const pdf = names.find((name) => /\/Licence-CP-[A-Z0-9]{8}\.pdf$/.test(name))!;
  expect(Buffer.from(zip[pdf]!.subarray(0, 5)).toString()).toBe("%PDF-");

  await buyer.getByRole("link", { name: "See all your purchases" }).click();
  await expect(buyer.getByRole("heading", { name: "Purchases", level: 1 })).toBeVisible();
  await buyer.getByRole("link", { name: "Verify licence" }).first().click();
  await expect(buyer.getByRole("status")).toHaveText("This licence is valid.");
  await expect(buyer.getByText(title)).toBeVisible();
  await buyer.context().close();
});

test("paying: the logo alone above; the card number is wide and whole at 1280 px; at 390 px the summary is closed on top", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { page: seller } = await signedIn(browser, ADMIN);
  const productId = await sellerProduct(seller, unique("Wide Card "));
  const { page: buyer } = await signedIn(browser, MEMBER);
  const added = await buyer.request.post("/api/cart/items", { data: { productId }, headers: { origin: origin() } });
  expect([201, 409]).toContain(added.status());
  const memberId = ((await (await buyer.request.get("/api/session")).json()) as { user: { id: string } }).user.id;

  await buyer.setViewportSize({ width: 1280, height: 800 });
  await buyer.goto(`/checkOut/${memberId}?step=pay`);
  const number = buyer.getByLabel("Card number");
  await expect(number).toBeVisible();
  // Focused, as Stripe Checkout: no site navigation, no account menu; 'Back to cart' is the way out.
  await expect(buyer.getByRole("banner")).toContainText("Creator Platform");
  await expect(buyer.getByRole("navigation")).toHaveCount(0);
  await expect(buyer.getByRole("banner").getByRole("link")).toHaveCount(0);
  const box = (await number.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(400);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
  // Not cut by its column: the input's own box is inside its form's.
  const form = (await buyer.locator("form.payment-form").boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(form.x + form.width + 0.5);
  const summary = buyer.getByRole("complementary", { name: "Order summary" });
  await expect(summary).toBeVisible();
  expect((await summary.boundingBox())!.x).toBeGreaterThan(box.x + box.width);

  await buyer.setViewportSize({ width: 390, height: 844 });
  await expect(summary).toBeHidden();
  const disclosure = buyer.locator("details.summary-disclosure");
  await expect(disclosure).toBeVisible();
  await expect(disclosure).not.toHaveAttribute("open", "");
  await expect(disclosure.locator("summary")).toContainText(/Order summary\s*\$\d/);
  expect((await disclosure.boundingBox())!.y).toBeLessThan((await number.boundingBox())!.y);
  const narrow = (await number.boundingBox())!;
  expect(narrow.x + narrow.width).toBeLessThanOrEqual(390);
  await disclosure.locator("summary").click();
  await expect(disclosure.getByRole("listitem")).not.toHaveCount(0);

  // Back in the cart, the store's public bar again (its links folded under the menu at 390 px), never
  // the workspace: the cart is the store's, for a member too.
  await buyer.getByRole("link", { name: "← Back to cart" }).click();
  await expect(buyer.getByRole("link", { name: "Proceed to Payment" })).toBeVisible();
  await expect(buyer.locator("nav#public-nav")).toHaveCount(1);
  await expect(buyer.locator("nav#site-nav")).toHaveCount(0);
  await expect(buyer.getByRole("banner").getByRole("link", { name: "Creator Platform" })).toBeVisible();
});

/**
 * Nothing covers the control: the element at its centre is the control (or inside it), scrolled into
 * view and with the page scrolled to its very end (where a bar pinned to the viewport's foot sits on
 * the last things of the page).
 */
async function expectUncovered(control: Locator) {
  const hit = () =>
    control.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
      if (y < 0 || y > window.innerHeight) return "off screen";
      const top = document.elementFromPoint(x, y);
      return top === element || element.contains(top) ? "control" : (top?.outerHTML.slice(0, 120) ?? "nothing");
    });
  await control.scrollIntoViewIfNeeded();
  expect(await hit()).toBe("control");
  await control.page().evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(["control", "off screen"]).toContain(await hit());
}

test("on a 390 px phone, a playing preview's bar covers neither 'Pay' nor the zip's download; the store then says 'In your cart' and 'You own this'", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { title, sellerId } = await adminBeat(browser, "Phone Beat ");

  const context = await browser.newContext({ ...ownAddress(), viewport: { width: 390, height: 844 } });
  const buyer = await context.newPage();
  await login(buyer, MEMBER.email, MEMBER.password);
  await buyer.goto(`/digiprev/${sellerId}`);
  const card = buyer.getByRole("article", { name: title });
  await playWhenReady(buyer, card, title);
  await card.getByRole("button", { name: `Add to Cart ${title}` }).click();
  const drawer = buyer.getByRole("dialog", { name: "Your cart" });
  await expect(drawer).toContainText(title);
  await drawer.getByRole("button", { name: "Keep browsing" }).click();
  // In the cart now: the row says so instead of offering 'Add to Cart' again (no red failure).
  await buyer.reload();
  await expect(card.getByText("In your cart")).toBeVisible();
  await expect(card.getByRole("button", { name: `Add to Cart ${title}` })).toHaveCount(0);
  await expect(buyer.getByText("Failed to add product to cart")).toHaveCount(0);
  await card.getByRole("button", { name: `Play ${title}` }).click();
  await expect(card.getByRole("button", { name: `Pause ${title}` })).toBeVisible();
  // The row's own 'View cart' (a page of the app: the bar keeps playing).
  await card.getByRole("link", { name: "View cart" }).click();
  await buyer.getByRole("link", { name: "Proceed to Payment" }).click();
  await expect(buyer).toHaveURL(/step=pay/);
  // The preview is still playing in the store's bar.
  const bar = buyer.getByRole("region", { name: "Now playing" });
  await expect(bar).toContainText(title);
  await buyer.getByRole("button", { name: "Use test card" }).click();
  await expect(buyer.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
  await buyer.getByLabel("Name on card").fill("Demo Member");
  const payButton = buyer.getByRole("button", { name: /^Pay \$/ });
  await expectUncovered(payButton);
  await payButton.click();
  await expect(buyer.getByText(THANK_YOU)).toBeVisible();
  const zip = buyer.getByRole("link", { name: /^Download CP-/ });
  await expect(zip).toBeVisible({ timeout: 20_000 });
  await expect(bar).toContainText(title);
  await expectUncovered(zip);

  // Bought: the store offers the download in Purchases, not 'Add to Cart'.
  await buyer.goto(`/digiprev/${sellerId}`);
  await expect(card.getByText("You own this")).toBeVisible();
  await expect(card.getByRole("button", { name: `Add to Cart ${title}` })).toHaveCount(0);
  await card.getByRole("link", { name: `Download ${title} in Purchases` }).click();
  await expect(buyer.getByRole("heading", { name: "Purchases", level: 1 })).toBeVisible();
  await context.close();
});
