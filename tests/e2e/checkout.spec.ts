// The buyer's journey: the admin sells a product with a cover and two audio
// files; the demo member opens the admin's store link, plays a preview, adds
// it to the cart (the cart drawer opens), tries a declined card (the provider's message, nothing
// fulfilled), then pays with 4242…: the thank-you, an empty cart, the zip
// (both audio files and a licence PDF) and the licence page saying valid.
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { unzipSync } from "fflate";
import { ADDED_TO_CART, CART_EMPTY, NAME_ON_CARD_REQUIRED, THANK_YOU } from "../../app/kernel/schemas/checkout";
import { ADMIN, MEMBER, signedIn, unique } from "./fixtures";
import { sellerProduct } from "./store";

async function pay(page: Page, number: string) {
  await page.getByLabel("Name on card").fill("Demo Member");
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
}

test("a member pays for a product and downloads the licensed zip; a declined card fulfils nothing", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { page: seller } = await signedIn(browser, ADMIN);
  const title = unique("Night Drive ");
  await sellerProduct(seller, title);

  const sellerId = ((await (await seller.request.get("/api/session")).json()) as { user: { id: string } }).user.id;

  const { page: buyer } = await signedIn(browser, MEMBER);
  await buyer.goto(`/digiprev/${sellerId}`);
  const card = buyer.getByRole("article", { name: title });
  // The previews are made by the renderer after the upload: look again until they are ready.
  await expect(async () => {
    await buyer.reload();
    await expect(card.getByRole("button", { name: `Play ${title}` })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await card.getByRole("button", { name: `Play ${title}` }).click();
  await expect(card.getByRole("button", { name: `Pause ${title}` })).toBeVisible();
  await card.getByRole("button", { name: "Add to Cart" }).click();
  // The cart drawer opens with the seed's message and the item; its Checkout link goes on.
  const drawer = buyer.getByRole("dialog", { name: "Your cart" });
  await expect(drawer.getByRole("status")).toHaveText(ADDED_TO_CART);
  await expect(drawer).toContainText(title);

  await drawer.getByRole("link", { name: "Checkout" }).click();
  const row = buyer.getByRole("row", { name: new RegExp(title) });
  await expect(row).toContainText("support");
  await expect(row).toContainText("Non-Exclusive License");
  await expect(buyer.getByTestId("cart-total")).toHaveText("$24.50");

  await buyer.getByRole("button", { name: "Proceed to Payment" }).click();
  await expect(buyer.getByText("TEST MODE")).toBeVisible();
  await buyer.getByRole("button", { name: "Pay $24.50" }).click();
  await expect(buyer.getByRole("alert")).toHaveText(NAME_ON_CARD_REQUIRED);

  await pay(buyer, "4000 0000 0000 0002");
  await expect(buyer.getByRole("alert")).toHaveText("Your card was declined.");
  await buyer.reload();
  await expect(buyer.getByRole("row", { name: new RegExp(title) })).toBeVisible();
  const none = (await (await buyer.request.get("/api/purchases")).json()) as {
    purchases: { items: { title: string }[] }[];
  };
  expect(none.purchases.flatMap((order) => order.items).filter((item) => item.title === title)).toEqual([]);

  await buyer.getByRole("button", { name: "Proceed to Payment" }).click();
  await pay(buyer, "4242 4242 4242 4242");
  await expect(buyer.getByText(THANK_YOU)).toBeVisible();
  await expect(buyer.getByText(CART_EMPTY)).toBeVisible();

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
});
