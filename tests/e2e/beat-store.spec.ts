// The beat store's journey (issue 33): the producer offers a WAV lease on a beat and a discount code;
// the demo member reads the lease's terms on the beat's page, buys it with the code and pays with the
// local payment stand-in, gets the WAV files, the receipt e-mail (dev outbox) and a licence whose page
// states the lease's terms; the producer sees the sale, with its licence and code, in the sales view.
import { readFile } from "node:fs/promises";
import { type Browser, expect, test } from "@playwright/test";
import { unzipSync } from "fflate";
import { THANK_YOU } from "../../app/lib/schemas/checkout";
import { useTheme } from "./a11y/layout";
import { ADMIN, login, MEMBER, origin, signedIn, unique } from "./fixtures";
import { sellerProduct } from "./store";

test("an artist buys a WAV lease with a discount code; the producer sees the sale", async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const { page: seller } = await signedIn(browser, ADMIN);
  const title = unique("Lease Me ");
  const productId = await sellerProduct(seller, title);
  const headers = { origin: origin() };
  const tier = await seller.request.post(`/api/products/${productId}/tiers`, {
    headers,
    data: { template: "wav-lease" },
  });
  expect(tier.status(), await tier.text()).toBe(201);
  const code = unique("SAVE").slice(0, 30);
  const discount = await seller.request.post("/api/discounts", {
    headers,
    data: { code, kind: "percent", value: 20, productId, maxUses: 5 },
  });
  expect(discount.status(), await discount.text()).toBe(201);
  const sellerId = ((await (await seller.request.get("/api/session")).json()) as { user: { id: string } }).user.id;

  const { page: buyer } = await signedIn(browser, MEMBER);
  await buyer.goto(`/digiprev/${sellerId}/${productId}`);
  await buyer.getByRole("radio", { name: /WAV Lease/ }).check();
  await expect(buyer.getByRole("heading", { name: "WAV Lease: what you may do" })).toBeVisible();
  await expect(buyer.getByText("Distribution: up to 5,000 copies.")).toBeVisible();
  await buyer.getByRole("button", { name: "Add to Cart" }).click();
  await expect(buyer.getByRole("status").filter({ hasText: "cart" })).toBeVisible();

  await buyer.getByRole("link", { name: "Checkout" }).click();
  const row = buyer.getByRole("row", { name: new RegExp(title) });
  await expect(row).toContainText("WAV Lease");
  await expect(buyer.getByTestId("cart-total")).toHaveText("$49.99");
  await buyer.getByLabel("Discount code").fill(code);
  await buyer.getByRole("button", { name: "Apply" }).click();
  await expect(buyer.getByText(`Code ${code} applied.`)).toBeVisible();
  await expect(buyer.getByTestId("cart-total")).toHaveText("$39.99");

  await buyer.getByRole("button", { name: "Proceed to Payment" }).click();
  await expect(buyer.getByText("TEST MODE")).toBeVisible();
  await buyer.getByLabel("Name on card").fill("Demo Member");
  await buyer.getByLabel("Card number").fill("4242 4242 4242 4242");
  await buyer.getByLabel("Expiry (MM/YY)").fill("12/34");
  await buyer.getByLabel("CVC").fill("123");
  await buyer.getByRole("button", { name: "Pay $39.99" }).click();
  await expect(buyer.getByText(THANK_YOU)).toBeVisible();

  // The WAV lease delivers the WAV files and the licence.
  const link = buyer.getByRole("link", { name: /^Download CP-/ }).first();
  await expect(link).toBeVisible({ timeout: 20_000 });
  const [download] = await Promise.all([buyer.waitForEvent("download"), link.click()]);
  const names = Object.keys(unzipSync(new Uint8Array(await readFile((await download.path())!))));
  expect(names.filter((name) => name.endsWith(".wav")).length).toBe(2);
  expect(names.some((name) => /\/Licence-CP-[A-Z0-9]{8}\.pdf$/.test(name))).toBe(true);

  // The receipt, through the mail module into the dev outbox.
  const outbox = await buyer.context().newPage();
  await outbox.goto("/dev/mail");
  const receipt = outbox
    .locator("li.mail")
    .filter({ has: outbox.locator(".mail-to", { hasText: MEMBER.email }) })
    .filter({ hasText: title })
    .first();
  await expect(receipt).toContainText("Receipt for order");
  await expect(receipt.locator(".mail-body")).toContainText(`${title} by support (WAV Lease): $39.99 ($10.00 off)`);
  await expect(receipt.locator(".mail-body")).toContainText(`Discount code ${code}`);
  const verify = (await receipt.locator(".mail-body").textContent())!.match(/Licence: (\S+)/)![1]!;
  await outbox.close();

  // The licence's page states the lease's terms.
  await buyer.goto(new URL(verify).pathname);
  await expect(buyer.getByRole("status")).toHaveText("This licence is valid.");
  await expect(buyer.getByText("WAV Lease", { exact: true })).toBeVisible();
  await expect(buyer.getByText(`$10.00 (code ${code})`)).toBeVisible();
  await expect(buyer.getByRole("listitem").filter({ hasText: "Distribution: up to 5,000 copies." })).toBeVisible();

  // The producer sees the sale.
  await seller.goto("/digimanager");
  await seller.getByRole("link", { name: "Sales", exact: true }).click();
  await expect(seller.getByRole("heading", { name: "Sales", level: 1 })).toBeVisible();
  const sale = seller.getByRole("table", { name: "By beat and licence" }).getByRole("row", { name: new RegExp(title) });
  await expect(sale).toContainText("WAV Lease");
  await expect(sale).toContainText("$39.99");
  await expect(seller.getByRole("table", { name: "Every sale" })).toContainText(code);

  if (process.env.SHOTS) await shoot(browser, baseURL!, "/digimanager/sales", "sales", ADMIN);
});

test("a visitor gets a free beat by e-mail with consent; the producer sees the lead", async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const { page: seller } = await signedIn(browser, ADMIN);
  const title = unique("Gift ");
  const productId = await sellerProduct(seller, title, { licenseType: "free" });
  const sellerId = ((await (await seller.request.get("/api/session")).json()) as { user: { id: string } }).user.id;

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/digiprev/${sellerId}/${productId}`);
  const form = visitor.getByRole("form", { name: "Get it free by e-mail" });
  const email = `${unique("fan")}@example.com`;
  await form.getByLabel("Your e-mail").fill(email);
  await form.getByRole("button", { name: "Send me the link" }).click();
  await expect(form.getByRole("alert")).toHaveText("Tick the box to agree to e-mail from the producer.");
  await form.getByLabel(/I agree to receive e-mail from support/).check();
  await form.getByRole("button", { name: "Send me the link" }).click();
  await expect(form.getByRole("status")).toHaveText("Check your inbox: the download link is on its way.");
  if (process.env.SHOTS) await shoot(browser, baseURL!, `/digiprev/${sellerId}/${productId}`, "free-form", null);

  await visitor.goto("/dev/mail");
  const mail = visitor.locator("li.mail").filter({ has: visitor.locator(".mail-to", { hasText: email }) });
  await expect(mail).toContainText(`Your free download: ${title}`);
  const link = (await mail.locator(".mail-body").textContent())!.match(/(\/free\/\S+)/)![1]!;
  await visitor.goto(link);
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText(title);
  const [download] = await Promise.all([
    visitor.waitForEvent("download"),
    visitor.getByRole("link", { name: "Download verse.wav" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("verse.wav");
  if (process.env.SHOTS) await shoot(browser, baseURL!, link, "free-page", null);

  await seller.goto("/digimanager/sales");
  const lead = seller.getByRole("table", { name: "Free download leads" }).getByRole("row", { name: new RegExp(email) });
  await expect(lead).toContainText(title);
  await expect(lead).not.toContainText("Not yet");
});

/** Screenshots to look at (SHOTS=dir) of one page at 390 and 1280 px, light and dark. */
async function shoot(browser: Browser, baseURL: string, path: string, name: string, who: typeof ADMIN | null) {
  for (const theme of ["light", "dark"] as const) {
    const context = await browser.newContext();
    await useTheme(context, baseURL, theme);
    const page = await context.newPage();
    if (who) await login(page, who.email, who.password);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await page.screenshot({ path: `${process.env.SHOTS}/${name}-${width}-${theme}.png`, fullPage: true });
    }
    await context.close();
  }
}
