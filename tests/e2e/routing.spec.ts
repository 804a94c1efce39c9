import { expect, test } from "@playwright/test";

test("an unknown path shows the Not Found page", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Not Found", level: 1 })).toBeVisible();
  await expect(page.getByText("Sorry! We couldn't find the page you're looking for.")).toBeVisible();
});

test("a member page in lower case sends a visitor to sign in", async ({ page }) => {
  await page.goto("/checkout/anything");
  await expect(page).toHaveURL(/\/signin\?from=%2Fcheckout%2Fanything$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expect(page.getByLabel("Email Address")).toBeVisible();
});

test("a page arrives in one piece, with its length (app/entry.server.tsx)", async ({ request }) => {
  const response = await request.get("/signin");
  expect(response.status()).toBe(200);
  const body = await response.body();
  expect(response.headers()["content-length"]).toBe(String(body.byteLength));
  expect(response.headers()["transfer-encoding"]).toBeUndefined();
  expect(body.toString("utf8").endsWith("</html>")).toBe(true);
});
