// Checkout without JavaScript (issue 44.7): 'Proceed to Payment' is a link to the paying state
// (?step=pay), so it is never a control that does nothing; a <noscript> line beside it says plainly
// that paying by card needs JavaScript, and the card form it leads to keeps 'Pay' disabled. With the
// script, the same link opens the card form.
import { expect, test } from "@playwright/test";
import { PAYMENT_NEEDS_SCRIPT } from "../../app/kernel/schemas/checkout";
import { origin, signUpByApi, unique } from "./fixtures";
import { sellerProduct } from "./store";

test("without JavaScript the cart says card payment needs it and 'Proceed to Payment' still leads on", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const seller = await signUpByApi(browser, "seller");
  const productId = await sellerProduct(seller.page, unique("No Script Beat "));
  const buyer = await signUpByApi(browser, "buyer");
  const added = await buyer.page.request.post("/api/cart/items", {
    data: { productId },
    headers: { origin: origin() },
  });
  expect(added.status(), await added.text()).toBe(201);
  const buyerId = ((await (await buyer.page.request.get("/api/session")).json()) as { user: { id: string } }).user.id;

  const scriptless = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await buyer.context.storageState(),
  });
  const page = await scriptless.newPage();
  await page.goto(`/checkOut/${buyerId}`);
  await expect(page.getByRole("heading", { name: "Order summary" })).toBeVisible();
  const proceed = page.getByRole("link", { name: "Proceed to Payment" });
  await expect(proceed).toBeEnabled();
  // By id: Playwright's text and role queries skip <noscript> (microsoft/playwright#15887), though the
  // browser shows its content when scripts are off.
  const note = page.locator("#payment-needs-script");
  await expect(note).toBeVisible();
  await expect(note).toHaveText(PAYMENT_NEEDS_SCRIPT);
  await expect(proceed).toHaveAttribute("aria-describedby", "payment-needs-script");
  // Followed without the script: the card form, its Pay disabled (card payments run in the browser).
  await proceed.click();
  await expect(page).toHaveURL(/step=pay/);
  await expect(page.getByRole("button", { name: /^Pay \$/ })).toBeDisabled();

  // With the script the same page lets the buyer go on, and says nothing about JavaScript.
  await buyer.page.goto(`/checkOut/${buyerId}`);
  await expect(buyer.page.locator("#payment-needs-script")).toBeHidden();
  await expect(buyer.page.getByRole("link", { name: "Proceed to Payment" })).not.toHaveAttribute(
    "aria-describedby",
    /./,
  );
  await buyer.page.getByRole("link", { name: "Proceed to Payment" }).click();
  await expect(buyer.page.getByRole("button", { name: /^Pay \$/ })).toBeVisible();

  await Promise.all([scriptless.close(), seller.context.close(), buyer.context.close()]);
});
