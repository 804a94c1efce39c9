// The beat store's journey (issue 33, "Done when"): the producer makes a beat in /digistore, confirms
// the BPM the probe heard, gives it a genre, three licence tiers (MP3 Lease, WAV Lease, Exclusive) and
// a discount code in /digimanager; the demo member finds it through the store page's filters (genre and
// BPM range), reads the WAV lease's terms on the beat's page, buys it with the code and pays with the
// local payment stand-in, gets the right files (MP3 and WAV, no more), the receipt e-mail (dev outbox)
// and a licence whose page states the lease's terms; the producer sees the sale, with its licence and
// code, in the sales view.
import { readFile } from "node:fs/promises";
import { type Browser, expect, test } from "@playwright/test";
import { unzipSync } from "fflate";
import { THANK_YOU } from "../../app/kernel/schemas/checkout";
import { useTheme } from "./a11y/layout";
import { ADMIN, login, MEMBER, signedIn, unique } from "./fixtures";
import { createProductInPage, drumLoop, makeStoreMedia, sellerProduct } from "./store";

test("a producer sets up three tiers and a code; an artist finds the beat by genre and BPM and buys a WAV lease with the code", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const { page: seller } = await signedIn(browser, ADMIN);
  const title = unique("Lease Me ");
  const genre = unique("Drill");
  await createProductInPage(seller, {
    title,
    description: "Made for the checkout journey.",
    license: "Non-Exclusive License",
    price: "24.50",
    quantity: "5",
    access: "public-read",
    audio: [drumLoop(140), makeStoreMedia().wav],
  });

  // The beat's page in the studio (from /digimanager): the probe's BPM is a suggestion the producer
  // takes with 'Use'.
  await seller.goto("/digimanager");
  await seller.getByRole("link", { name: title, exact: true }).click();
  await expect(seller.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  const card = seller.getByRole("article", { name: title });
  const suggestion = card.getByText(/^Suggested: \d+ BPM/);
  await expect(async () => {
    await seller.reload();
    await expect(suggestion).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 90_000 });
  const heard = Number((await suggestion.textContent())!.match(/(\d+) BPM/)![1]);
  expect(Math.abs(heard - 140)).toBeLessThanOrEqual(2);
  await expect(card.getByLabel("BPM", { exact: true })).toHaveValue("");
  await card.getByRole("button", { name: `Use ${heard} BPM for ${title}` }).click();
  await expect(card.getByLabel("BPM", { exact: true })).toHaveValue(String(heard));
  await card.getByLabel("Genre").fill(genre);
  await card.getByRole("button", { name: `Save details of ${title}` }).click();
  await expect(card.getByRole("form", { name: "Beat details" }).getByRole("status")).toHaveText("Saved");
  await expect(card.getByLabel("Genre")).toHaveValue(genre);

  await seller.getByRole("tab", { name: "Licences & prices" }).click();
  const tiers = seller.getByRole("region", { name: `Licence tiers of ${title}` });
  for (const template of ["MP3 Lease", "WAV Lease", "Exclusive"]) {
    await tiers.getByLabel("Add a tier from a template").selectOption({ label: template });
    await tiers.getByRole("button", { name: `Add tier to ${title}` }).click();
    await expect(tiers.getByRole("button", { name: `Remove ${template}` })).toBeVisible();
  }

  await seller.getByRole("tab", { name: "Discounts" }).click();
  const code = unique("SAVE").slice(0, 30);
  const codes = seller.getByRole("region", { name: "Discount codes" });
  await codes.getByLabel("Code", { exact: true }).fill(code);
  await codes.getByLabel("Type").selectOption({ label: "Percentage" });
  await codes.getByLabel("Percent off").fill("20");
  await codes.getByLabel("For", { exact: true }).selectOption({ label: title });
  await codes.getByLabel("Number of uses (optional)").fill("5");
  await codes.getByRole("button", { name: "Create code" }).click();
  await expect(codes.getByRole("listitem").filter({ hasText: code })).toContainText("20% off");
  const storePath = await seller.getByRole("link", { name: "See your store" }).getAttribute("href");

  // The artist finds the beat through the store page's filters.
  const { page: buyer } = await signedIn(browser, MEMBER);
  await buyer.goto(storePath!);
  const filters = buyer.getByRole("search", { name: "Search and filter beats" });
  const show = async (from: string, to: string) => {
    // The BPM and price ranges are the bar's second row, shown by 'Filters' (or when one is set).
    if (!(await filters.getByLabel("Lowest BPM").isVisible()))
      await filters.getByRole("button", { name: "Filters" }).click();
    await filters.getByLabel("Genre").selectOption({ label: genre });
    await filters.getByLabel("Lowest BPM").fill(from);
    await filters.getByLabel("Highest BPM").fill(to);
    // The bar applies what changes, with no button to press ('Show beats' is there only before the script).
    await expect(filters.getByRole("button", { name: "Show beats" })).toHaveClass(/visually-hidden/);
    await expect(buyer).toHaveURL(new RegExp(`bpmMin=${from}&bpmMax=${to}`));
  };
  await show("90", "110");
  await expect(buyer.getByRole("article", { name: title })).toHaveCount(0);
  await show("135", "145");
  await buyer.getByRole("article", { name: title }).getByRole("link", { name: title }).click();
  await expect(buyer.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  const chips = buyer.getByRole("list", { name: "Details" });
  await expect(chips.getByRole("listitem").filter({ hasText: `${heard} BPM` })).toBeVisible();
  await expect(chips.getByRole("listitem").filter({ hasText: genre })).toBeVisible();
  // The licences as cards: name, price, what it delivers; the terms open on each card.
  for (const tier of ["MP3 Lease", "WAV Lease", "Exclusive"])
    await expect(buyer.getByRole("radio", { name: new RegExp(`^${tier} `) })).toBeVisible();
  // Cheapest first and chosen to begin with, the price the header's 'from' names (as BeatStars lists them).
  const radios = buyer.getByRole("radio");
  const cards = await radios.evaluateAll((all) => all.map((radio) => radio.closest("label")?.textContent ?? ""));
  const prices = cards.map((card) => Number(card.match(/\$([\d,.]+)/)![1]!.replace(/,/g, "")));
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  await expect(radios.first()).toBeChecked();
  await buyer.getByRole("radio", { name: /WAV Lease/ }).check();
  await buyer.locator("summary", { hasText: "Terms of the WAV Lease" }).click();
  await expect(buyer.getByText("Distribution: up to 5,000 copies.")).toBeVisible();
  await buyer.getByRole("button", { name: "Add to Cart" }).click();
  const drawer = buyer.getByRole("dialog", { name: "Your cart" });
  await expect(drawer.getByRole("status").filter({ hasText: "cart" })).toBeVisible();
  await expect(drawer).toContainText("WAV Lease");

  await drawer.getByRole("link", { name: "Checkout" }).click();
  const row = buyer.getByRole("row", { name: new RegExp(title) });
  await expect(row).toContainText("WAV Lease");
  await expect(buyer.getByTestId("cart-total")).toHaveText("$49.99");
  // The cart's row switches the licence, its choices in rising price; the server prices it.
  const licence = row.getByLabel(`Licence for ${title}`);
  const choices = await licence.locator("option").allTextContents();
  const amounts = choices.map((choice) => Number(choice.match(/\$([\d,.]+)/)![1]!.replace(/,/g, "")));
  expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  await licence.selectOption({ label: "MP3 Lease · $29.99" });
  await expect(buyer.getByTestId("cart-total")).toHaveText("$29.99");
  await licence.selectOption({ label: "WAV Lease · $49.99" });
  await expect(buyer.getByTestId("cart-total")).toHaveText("$49.99");
  await buyer.getByLabel("Discount code").fill(code);
  await buyer.getByRole("button", { name: "Apply" }).click();
  await expect(buyer.getByText(`Code ${code} applied.`)).toBeVisible();
  await expect(buyer.getByTestId("cart-total")).toHaveText("$39.99");

  await buyer.getByRole("link", { name: "Proceed to Payment" }).click();
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
  // The WAV lease delivers the MP3 and the WAV (the beat's two files) and nothing else but the licence.
  expect(names.filter((name) => name.endsWith(".wav")).length).toBe(1);
  expect(names.filter((name) => name.endsWith(".mp3")).length).toBe(1);
  expect(names.filter((name) => /\.(zip|m4a|aac)$/.test(name))).toEqual([]);
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
  // One table at a time: the switch groups the same sales sale by sale.
  await expect(seller.getByRole("table", { name: "Every sale" })).toHaveCount(0);
  await seller.getByRole("navigation", { name: "Group sales" }).getByRole("link", { name: "Every sale" }).click();
  await expect(seller.getByRole("table", { name: "Every sale" })).toContainText(code);
  await expect(seller.getByRole("table", { name: "By beat and licence" })).toHaveCount(0);
  // A period preset applies at once and keeps the grouping; the heading follows the period, and over
  // the last 30 days the tiles carry their trend; Custom asks for dates.
  await seller.getByRole("link", { name: "Last 7 days" }).click();
  await expect(seller.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");
  await expect(seller.getByRole("heading", { name: "Last 7 days", level: 2 })).toBeVisible();
  await expect(seller.getByRole("table", { name: "Every sale" })).toContainText(code);
  await seller.getByRole("link", { name: "Last 30 days" }).click();
  await expect(seller.getByText(/^Revenue, last 30 days: \$/)).toBeVisible();
  await seller.getByRole("link", { name: "Custom" }).click();
  await expect(seller.getByRole("button", { name: "Show sales" })).toBeVisible();

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
