// Screenshots of the pages that earn money (issue 28 §4–§5) at 390 and 1280 px, light and dark, with
// realistic content: a store with two products with long file names, a product page, checkout after
// 'Proceed to Payment', the fundraiser and the episodes. Run on demand (SHOTS=1); pictures go to
// test-results/shots/. Each page is also checked for sideways scroll.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { ADMIN, login, MEMBER, unique } from "./fixtures";
import { sellerProduct } from "./store";

test.skip(!process.env.SHOTS, "screenshots on demand: SHOTS=1");
test.setTimeout(240_000);

const WIDTHS = [390, 1280] as const;

async function signedIn(browser: Browser, who: { email: string; password: string }) {
  const page = await (await browser.newContext()).newPage();
  await login(page, who.email, who.password);
  return page;
}

async function shoot(page: Page, name: string, prepare?: (page: Page) => Promise<void>) {
  for (const width of WIDTHS) {
    for (const dark of [false, true]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await prepare?.(page);
      await page.evaluate((on) => document.documentElement.classList.toggle("dark", on), dark);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: `test-results/shots/${name}-${width}-${dark ? "dark" : "light"}.png`,
        fullPage: true,
      });
    }
  }
}

test("the pages that earn money, at 390 and 1280 px, light and dark", async ({ browser }) => {
  const seller = await signedIn(browser, ADMIN);
  const first = await sellerProduct(seller, `Late Night Drive ${unique("p")}`, {
    fileNames: ["late_night_drive_instrumental_140bpm_final_master.wav", "late_night_drive_hook_only.wav"],
    price: 149,
  });
  await sellerProduct(seller, "Sunrise Over The Barley Fields (Extended)", {
    fileNames: ["sunrise_over_the_barley_fields_extended_mix_92bpm.wav", "sunrise_stems_drums_only.wav"],
    price: 29.99,
  });
  await seller.goto("/digimanager");
  const storeHref = await seller.getByRole("link", { name: "Digi", exact: true }).first().getAttribute("href");
  const sellerId = storeHref!.split("/").pop()!;

  const buyer = await signedIn(browser, MEMBER);
  await buyer.goto(`/digiprev/${sellerId}`);
  await shoot(buyer, "store");
  await buyer.goto(`/digiprev/${sellerId}/${first}`);
  await shoot(buyer, "product");
  await buyer.getByRole("button", { name: /^Add to Cart/ }).click();
  await expect(buyer.getByRole("status").first()).toBeVisible();
  await buyer.goto(`/checkOut/${sellerId}`);
  await shoot(buyer, "checkout");
  await shoot(buyer, "checkout-paying", async (page) => {
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await expect(page.getByRole("button", { name: /^Pay \$/ })).toBeVisible();
  });
  await buyer.goto("/fundraiser");
  await shoot(buyer, "fundraiser");
  await buyer.goto("/farmereps");
  await shoot(buyer, "episodes");
});
