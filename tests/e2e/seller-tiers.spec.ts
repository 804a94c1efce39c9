// A seller prices their own licences (issue 46 item 3): on /digimanager a new producer edits the
// WAV Lease template (a tier added from it then starts at the template's price), and on the beat's page
// (its 'Licences & prices' tab) adds an MP3 Lease and edits its price and terms in place (a refused price is shown beside the field and the typed value
// stays); a new artist picks that MP3 Lease on the beat's page, sees its price in the cart and on the
// pay button, pays with the local test card, and the licence's page (from the receipt e-mail) states
// the terms the producer set.
import { expect, type Locator, test } from "@playwright/test";
import { THANK_YOU } from "../../app/kernel/schemas/checkout";
import { PRICE_TOO_PRECISE } from "../../app/kernel/schemas/money";
import { signUpByApi, unique } from "./fixtures";
import { sellerProduct } from "./store";

/** Opens a row's Edit, fills the fields given, saves, and waits for 'Saved' beside the row. */
async function editTerms(row: Locator, label: string, fields: Record<string, string>) {
  await row.getByRole("button", { name: `Edit ${label}` }).click();
  for (const [name, value] of Object.entries(fields)) await row.getByLabel(name, { exact: true }).fill(value);
  await row.getByRole("button", { name: `Save ${label}` }).click();
  await expect(row.getByRole("status")).toHaveText("Saved");
  await expect(row.getByRole("button", { name: `Save ${label}` })).toHaveCount(0);
}

test("a producer sets a tier's price and terms and edits a template; an artist pays that price and gets those terms", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { page: seller, form: producer } = await signUpByApi(browser, "producer");
  const title = unique("Priced Beat ");
  const productId = await sellerProduct(seller, title);

  await seller.goto("/digimanager");
  const templates = seller.getByRole("region", { name: "Licence templates" });
  const wavTemplate = templates.getByRole("listitem").filter({ hasText: "WAV Lease" });
  await expect(wavTemplate).toContainText("$49.99");
  await editTerms(wavTemplate, "WAV Lease template", {
    "Price (USD)": "64.00",
    "Distribution copies": "7500",
  });
  await expect(wavTemplate).toContainText("$64.00");
  await expect(wavTemplate).toContainText("7,500 copies");

  // The beat's page in the studio, its 'Licences & prices' tab.
  await seller.getByRole("link", { name: title, exact: true }).click();
  await expect(seller.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await seller.getByRole("tab", { name: "Licences & prices" }).click();
  const card = seller.getByRole("region", { name: `Licence tiers of ${title}` });
  for (const template of ["MP3 Lease", "WAV Lease"]) {
    await card.getByLabel("Add a tier from a template").selectOption({ label: template });
    await card.getByRole("button", { name: `Add tier to ${title}` }).click();
    await expect(card.getByRole("button", { name: `Remove ${template}` })).toBeVisible();
  }
  // The tier added from the edited template starts from it.
  const wavTier = card.getByRole("listitem").filter({ hasText: "WAV Lease" });
  await expect(wavTier).toContainText("$64.00");
  await expect(wavTier).toContainText("7,500 copies");

  // The MP3 Lease: a price with three decimals is refused beside the field, then corrected.
  const mp3Tier = card.getByRole("listitem").filter({ hasText: "MP3 Lease" });
  await expect(mp3Tier).toContainText("$29.99");
  const label = `MP3 Lease of ${title}`;
  await mp3Tier.getByRole("button", { name: `Edit ${label}` }).click();
  const price = mp3Tier.getByLabel("Price (USD)");
  await price.fill("37.255");
  await mp3Tier.getByRole("button", { name: `Save ${label}` }).click();
  await expect(price).toHaveAccessibleDescription(`What a buyer pays ${PRICE_TOO_PRECISE}`);
  await expect(price).toHaveValue("37.255");
  await price.fill("37.25");
  await expect(mp3Tier.getByRole("alert")).toHaveCount(0);
  await mp3Tier.getByLabel("Distribution copies").fill("4,000");
  await mp3Tier.getByLabel("Radio stations").fill("3");
  await mp3Tier.getByLabel("Credit line").fill("Prod. by {producer} (tiers journey)");
  await mp3Tier.getByRole("button", { name: `Save ${label}` }).click();
  await expect(mp3Tier.getByRole("status")).toHaveText("Saved");
  await expect(mp3Tier).toContainText("$37.25");
  await expect(mp3Tier).toContainText("4,000 copies");
  await expect(mp3Tier).toContainText("3 radio stations");
  // Still so after a reload (the tab stays open): it is the database's.
  await seller.reload();
  await expect(seller.getByRole("tab", { name: "Licences & prices" })).toHaveAttribute("aria-selected", "true");
  await expect(card.getByRole("listitem").filter({ hasText: "MP3 Lease" })).toContainText("$37.25");
  const storePath = await seller.getByRole("link", { name: "See your store" }).getAttribute("href");
  const productPath = `${storePath}/${productId}`;

  // The artist picks the MP3 Lease and pays the producer's price.
  const { page: buyer, form: artist } = await signUpByApi(browser, "artist");
  await buyer.goto(productPath);
  await expect(buyer.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(buyer.getByRole("radio", { name: /^WAV Lease / })).toBeVisible();
  const mp3 = buyer.getByRole("radio", { name: /^MP3 Lease / });
  await expect(mp3).toHaveAccessibleName(/\$37\.25/);
  await mp3.check();
  // Each licence card opens its terms.
  await buyer.getByText("Terms of the MP3 Lease").click();
  await expect(buyer.getByText("Distribution: up to 4,000 copies.")).toBeVisible();
  await buyer.getByRole("button", { name: "Add to Cart" }).click();
  await expect(buyer.getByRole("status").filter({ hasText: "cart" })).toBeVisible();

  await buyer.getByRole("link", { name: "Checkout" }).click();
  await expect(buyer.getByRole("row", { name: new RegExp(title) })).toContainText("MP3 Lease");
  await expect(buyer.getByTestId("cart-total")).toHaveText("$37.25");
  await buyer.getByRole("link", { name: "Proceed to Payment" }).click();
  await expect(buyer.getByText("TEST MODE")).toBeVisible();
  await buyer.getByLabel("Name on card").fill(artist.name);
  await buyer.getByLabel("Card number").fill("4242 4242 4242 4242");
  await buyer.getByLabel("Expiry (MM/YY)").fill("12/34");
  await buyer.getByLabel("CVC").fill("123");
  await buyer.getByRole("button", { name: "Pay $37.25" }).click();
  await expect(buyer.getByText(THANK_YOU)).toBeVisible();

  // The receipt names the price; its licence link shows the producer's terms.
  const outbox = await buyer.context().newPage();
  await outbox.goto("/dev/mail");
  const receipt = outbox
    .locator("li.mail")
    .filter({ has: outbox.locator(".mail-to", { hasText: artist.email }) })
    .filter({ hasText: "Receipt for order" })
    .first();
  await expect(receipt.locator(".mail-body")).toContainText(`${title} by ${producer.username} (MP3 Lease): $37.25`, {
    timeout: 20_000,
  });
  const verify = (await receipt.locator(".mail-body").textContent())!.match(/Licence: (\S+)/)![1]!;
  await outbox.close();

  await buyer.goto(new URL(verify).pathname);
  await expect(buyer.getByRole("status")).toHaveText("This licence is valid.");
  await expect(buyer.getByText("MP3 Lease", { exact: true })).toBeVisible();
  const terms = buyer.getByRole("listitem");
  await expect(terms.filter({ hasText: "Distribution: up to 4,000 copies." })).toBeVisible();
  await expect(terms.filter({ hasText: "Radio broadcasting: up to 3 stations." })).toBeVisible();
  await expect(
    terms.filter({ hasText: `Credit line: “Prod. by ${producer.username} (tiers journey)”.` }),
  ).toBeVisible();
});
