// The buyer's journey: a product of the admin's store in the demo member's
// cart, a declined card (the provider's message, nothing fulfilled), then
// 4242…, the thank-you, an empty cart, the zip (both audio files and a licence
// PDF) and the licence's public page saying it is valid.
import { readFile } from "node:fs/promises";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { unzipSync } from "fflate";
import { ADMIN, login, MEMBER, origin, PNG, unique, uploadByApi } from "./fixtures";

const ID3 = Buffer.concat([Buffer.from("ID3"), Buffer.alloc(4093)]);
const WAV = Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(4), Buffer.from("WAVE"), Buffer.alloc(4084)]);

async function signedIn(browser: Browser, who: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, who.email, who.password);
  return page;
}

/** The seller's product with a cover and two audio files, made through the store's API. */
async function sellerProduct(seller: Page, title: string) {
  const first = await uploadByApi(
    seller.request,
    { purpose: "product-audio", fileName: "verse.mp3", contentType: "audio/mpeg" },
    ID3,
  );
  const productId = first.productId!;
  const second = await uploadByApi(
    seller.request,
    { purpose: "product-audio", fileName: "hook.wav", contentType: "audio/wav", productId },
    WAV,
  );
  const cover = await uploadByApi(
    seller.request,
    { purpose: "product-cover", fileName: "cover.png", contentType: "image/png", productId },
    PNG,
  );
  const saved = await seller.request.post("/api/products", {
    headers: { origin: origin() },
    data: {
      productId,
      title,
      description: "Made for the checkout journey.",
      price: 24.5,
      quantity: 5,
      licenseType: "non-exclusive",
      accessType: "public-read",
      coverUploadId: cover.uploadId,
      audioUploadIds: [first.uploadId, second.uploadId],
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  return productId;
}

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
  test.setTimeout(90_000);
  const seller = await signedIn(browser, ADMIN);
  const title = unique("Night Drive ");
  const productId = await sellerProduct(seller, title);

  const buyer = await signedIn(browser, MEMBER);
  const added = await buyer.request.post("/api/cart/items", { headers: { origin: origin() }, data: { productId } });
  expect(added.status()).toBe(201);
  expect(await added.json()).toEqual({ message: "Product added to cart." });

  await buyer.getByRole("link", { name: "Checkout" }).click();
  const row = buyer.getByRole("row", { name: new RegExp(title) });
  await expect(row).toContainText("support");
  await expect(row).toContainText("Non-Exclusive License");
  await expect(buyer.getByTestId("cart-total")).toHaveText("$24.50");

  await buyer.getByRole("button", { name: "Proceed to Payment" }).click();
  await expect(buyer.getByText("TEST MODE")).toBeVisible();
  await buyer.getByRole("button", { name: "Pay $24.50" }).click();
  await expect(buyer.getByRole("alert")).toHaveText("Please enter the name on the card.");

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
  await expect(buyer.getByText("Thank you for your purchase! Your files are being packaged.")).toBeVisible();
  await expect(buyer.getByText("Your cart is empty.")).toBeVisible();

  const link = buyer.getByRole("link", { name: /^Download CP-/ });
  await expect(link).toBeVisible({ timeout: 20_000 });
  const [download] = await Promise.all([buyer.waitForEvent("download"), link.click()]);
  const zip = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  const names = Object.keys(zip).sort();
  expect(names).toHaveLength(3);
  expect(names.some((name) => name.endsWith("/verse.mp3"))).toBe(true);
  expect(names.some((name) => name.endsWith("/hook.wav"))).toBe(true);
  const pdf = names.find((name) => /\/Licence-CP-[A-Z0-9]{8}\.pdf$/.test(name))!;
  expect(Buffer.from(zip[pdf]!.subarray(0, 5)).toString()).toBe("%PDF-");

  await buyer.getByRole("link", { name: "See all your purchases" }).click();
  await expect(buyer.getByRole("heading", { name: "Purchases", level: 1 })).toBeVisible();
  await buyer.getByRole("link", { name: "Verify licence" }).first().click();
  await expect(buyer.getByRole("status")).toHaveText("This licence is valid.");
  await expect(buyer.getByText(title)).toBeVisible();
});
