// The storefront on a phone (issue 45 item 4): the seller's header and one compact filter bar leave
// the catalogue's first row on the first screen (390×844); a row shows the beat's title, never its
// files' names; the filters open as a drawer; 'Add to Cart' opens the cart drawer with the seed's
// message, the item and the way to checkout.
import { expect, test } from "@playwright/test";
import { ADDED_TO_CART } from "../../app/kernel/schemas/checkout";
import { ADMIN, MEMBER, origin, signedIn, unique } from "./fixtures";
import { sellerProduct } from "./store";

test("a phone sees the first beat on the first screen, titles not file names, and the cart drawer on add", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { page: seller } = await signedIn(browser, ADMIN);
  const title = unique("Porch Light ");
  await sellerProduct(seller, title, { fileNames: ["porch_light_master_v3_FINAL.wav", "porch_light_hook.wav"] });
  const sellerId = ((await (await seller.request.get("/api/session")).json()) as { user: { id: string } }).user.id;

  const { page: buyer } = await signedIn(browser, MEMBER);
  await buyer.setViewportSize({ width: 390, height: 844 });
  await buyer.goto(`/digiprev/${sellerId}`);

  const first = buyer.getByRole("article").first();
  const box = (await first.boundingBox())!;
  expect(box.y + Math.min(box.height, 72), "the first row starts within the first phone screen").toBeLessThan(844);

  const row = buyer.getByRole("article", { name: title });
  await expect(row.getByRole("link", { name: title })).toBeVisible();
  await expect(row).not.toContainText("porch_light");
  await expect(row).not.toContainText(".wav");

  // The filters are one button on a phone; they open as a drawer and Escape closes it.
  const filters = buyer.getByRole("search", { name: "Search and filter beats" });
  await expect(filters.getByLabel("Genre")).toBeHidden();
  await filters.getByRole("button", { name: "Filters" }).click();
  const drawer = buyer.getByRole("dialog", { name: "Filters" });
  await expect(drawer.getByLabel("Genre")).toBeVisible();
  await expect(drawer.getByLabel("Lowest BPM")).toBeVisible();
  await buyer.keyboard.press("Escape");
  await expect(drawer).toBeHidden();

  // 'Add to Cart' opens the cart drawer: the seed's message, the item, Checkout.
  await row.getByRole("button", { name: `Add to Cart ${title}` }).click();
  const cart = buyer.getByRole("dialog", { name: "Your cart" });
  await expect(cart.getByRole("status")).toHaveText(ADDED_TO_CART);
  await expect(cart).toContainText(title);
  await expect(cart.getByRole("link", { name: "Checkout" })).toHaveAttribute("href", /^\/checkOut\//);
  await cart.getByRole("button", { name: "Keep browsing" }).click();
  await expect(cart).toBeHidden();
  // The row now says so from the server's state, in place of its button, and its link takes the focus back.
  await expect(row.getByText("In your cart")).toBeVisible();
  await expect(row.getByRole("button", { name: `Add to Cart ${title}` })).toHaveCount(0);
  await expect(row.getByRole("link", { name: "View cart" })).toBeFocused();
});

test("a beat with licence tiers: the row names them, 'Add to Cart' asks which, and the drawer shows the tier and price", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { page: seller } = await signedIn(browser, ADMIN);
  const title = unique("Harvest Tiers ");
  const productId = await sellerProduct(seller, title);
  const created = await seller.request.post(`/api/products/${productId}/tiers`, {
    headers: { origin: origin() },
    data: { template: "wav-lease" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const tier = ((await created.json()) as { tier: { name: string; priceCents: number } }).tier;
  const sellerId = ((await (await seller.request.get("/api/session")).json()) as { user: { id: string } }).user.id;

  const { page: buyer } = await signedIn(browser, MEMBER);
  await buyer.goto(`/digiprev/${sellerId}`);
  const row = buyer.getByRole("article", { name: title });
  // $24.50 (its own Non-Exclusive licence) is the cheapest of two: the row says which the price buys.
  await expect(row).toContainText("2 licences · Non-Exclusive License");
  await row.getByRole("button", { name: `Add to Cart ${title}` }).click();
  const drawer = buyer.getByRole("dialog", { name: title });
  await drawer.getByRole("radio", { name: new RegExp(`^${tier.name} `) }).check();
  await drawer.getByRole("button", { name: "Add to Cart" }).click();
  const cart = buyer.getByRole("dialog", { name: "Your cart" });
  await expect(cart.getByRole("status")).toHaveText(ADDED_TO_CART);
  const item = cart.getByRole("listitem").filter({ hasText: title });
  await expect(item).toContainText(tier.name);
  await expect(item).toContainText(`$${(tier.priceCents / 100).toFixed(2)}`);
  await cart.getByRole("button", { name: "Keep browsing" }).click();
  await expect(row.getByRole("link", { name: "View cart" })).toHaveAttribute("href", /^\/checkOut\//);
});
