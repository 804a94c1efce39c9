// The specification's failure messages (seed 000 §8, 001 §8), each made to happen in the browser
// (the network failing under a request, or the server refusing) and read where the seed shows it.
// docs/seed-messages.md lists every seed message with the test that shows it, or why it cannot
// occur in this design.
import { expect, test } from "@playwright/test";
import { SIGN_IN_AFTER_SIGNUP_FAILED, SIGNUP_FAILED } from "../../app/kernel/schemas/accounts";
import { ADD_TO_CART_ERROR, ADD_TO_CART_FAILED, ADDED_TO_CART } from "../../app/kernel/schemas/checkout";
import { PROJECT_FILES_LOAD_FAILED } from "../../app/kernel/schemas/files";
import { PLAYLISTS_LOAD_FAILED, PROGRAMS_LOAD_FAILED } from "../../app/kernel/schemas/playlists";
import { ADMIN, expectMessage, login, MEMBER, PNG, unique, uploadByApi, workspaceNav } from "./fixtures";
import { createProductInPage, makeStoreMedia, ownStorePath } from "./store";

test("sign-up says which step failed when the form never reaches the server", async ({ page }) => {
  const id = unique("offline");
  await page.goto("/signup");
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field("Name").fill(`E2E ${id}`);
  await field("User Name").fill(id);
  await field("Email").fill(`${id}@example.com`);
  await field("Password").fill("correct-horse-battery");
  await field("Re-type Password").fill("correct-horse-battery");

  // The registration's request fails in the network.
  await page.route("**/signup.data*", (route) => route.abort("internetdisconnected"));
  await expectMessage(page, SIGNUP_FAILED, () => page.getByRole("button", { name: "Register" }).click());
  await expect(page.getByRole("button", { name: "Register" })).toBeEnabled();

  // Delivered: the code step. Then the code's request fails: the seed's sign-in message, same step.
  await page.unroute("**/signup.data*");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByLabel("Verification code")).toBeVisible();
  await page.route("**/signup.data*", (route) => route.abort("connectionreset"));
  await page.getByLabel("Verification code").fill("123456");
  await expectMessage(page, SIGN_IN_AFTER_SIGNUP_FAILED, () => page.getByRole("button", { name: "Verify" }).click());
  await expect(page.getByLabel("Verification code")).toBeVisible();
});

test("adding to the cart: the server's refusal and a failed request each have their message", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const title = unique("Cart Fail ");
  const media = makeStoreMedia();
  await login(page, MEMBER.email, MEMBER.password);
  await createProductInPage(page, {
    title,
    description: "For the cart's failures.",
    license: "Non-Exclusive License",
    price: "3.00",
    access: "public-read",
    audio: [media.mp3],
  });
  const storePath = await ownStorePath(page);

  const buyer = await (await browser.newContext()).newPage();
  await login(buyer, ADMIN.email, ADMIN.password);
  await buyer.goto(storePath);
  const card = buyer.getByRole("article", { name: title });
  const add = card.getByRole("button", { name: `Add to Cart ${title}` });

  // The server refuses without a reason of its own.
  await buyer.route("**/api/cart/items", (route) =>
    route.fulfill({ status: 409, contentType: "application/json", body: '{"error":{"code":"conflict","message":""}}' }),
  );
  await expectMessage(buyer, ADD_TO_CART_FAILED, () => add.click());
  // The request never arrives.
  await buyer.unroute("**/api/cart/items");
  await buyer.route("**/api/cart/items", (route) => route.abort("failed"));
  await expectMessage(buyer, ADD_TO_CART_ERROR, () => add.click());
  // And with the network back, it is added.
  await buyer.unroute("**/api/cart/items");
  await expectMessage(buyer, ADDED_TO_CART, () => add.click());
  await buyer.context().close();
});

test("a page whose data cannot be loaded names what failed", async ({ page }) => {
  await login(page, MEMBER.email, MEMBER.password);
  for (const [label, data, message] of [
    ["Programming", "**/programming.data*", PROGRAMS_LOAD_FAILED],
    ["Sequence", "**/playselect.data*", PLAYLISTS_LOAD_FAILED],
  ] as const) {
    await page.goto("/authenticated");
    // A client navigation whose data request fails in the network.
    await page.route(data, (route) => route.abort("internetdisconnected"));
    await expectMessage(page, `Error: ${message}`, () => workspaceNav(page).getByRole("link", { name: label }).click());
    await page.unroute(data);
  }
});

test("the project page says its files could not be loaded", async ({ page }) => {
  await login(page, MEMBER.email, MEMBER.password);
  const title = unique("LoadFail");
  const created = await uploadByApi(
    page.request,
    { purpose: "project-file", projectTitle: title, fileName: "cover.png", contentType: "image/png" },
    PNG,
  );
  await page.goto("/authenticated");
  await page.route("**/projects/*.data*", (route) => route.abort("internetdisconnected"));
  await expectMessage(page, `Error: ${PROJECT_FILES_LOAD_FAILED}`, () =>
    page.locator(`a[href="/projects/${created.projectId}"]`).click(),
  );
});
