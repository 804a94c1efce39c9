import { expect, test } from "@playwright/test";
import { closePopup } from "./fixtures";

test("the landing page shows the seeded welcome card, which closes, and Try leads to sign-up", async ({ page }) => {
  await page.goto("/");
  const card = page.getByRole("complementary", { name: "Welcome" });
  await expect(card).toBeVisible();
  await expect(card.getByRole("heading", { name: "Welcome to the creator platform" })).toBeVisible();

  // The seeded paragraph is longer than 100 characters: it is cut with "...".
  const paragraph = card.locator("p");
  await expect(paragraph).toHaveText(/\.\.\.$/);
  expect((await paragraph.innerText()).trim().length).toBe(103);

  const link = card.getByRole("link", { name: "See the packages" });
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("href", "https://creatorplatform.app/editmedia");

  await closePopup(card);

  await page.getByRole("link", { name: "Try" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole("heading", { name: "Sign up" })).toBeVisible();
});

test("the welcome card overlays the page: the promise and 'Try' stay in the first screen at 390 (a bar) and 1280 px", async ({
  browser,
}) => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto("/");
    const card = page.getByRole("complementary", { name: "Welcome" });
    await expect(card).toBeVisible();
    const heading = page.getByRole("heading", { level: 1, name: "Replace an ad in every episode at once" });
    // From the top of the page, not the viewport: on a phone 'Details' is scrolled to after the demo.
    const pageTop = () => heading.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    const headingTop = await pageTop();
    // 'Try' is in the first screen and not under the card: the point at its centre is the link.
    const tryLink = page.getByRole("link", { name: "Try", exact: true });
    const box = (await tryLink.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest("a")?.textContent,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(hit).toBe("Try");
    expect((await card.boundingBox())!.width).toBeLessThanOrEqual(480);
    // It covers neither the promise nor the slot demo: clear of the demo beside it on a wide screen,
    // after the demo in the page on a phone (a compact bar there, not over the demo's 'After' row).
    const cardBox = (await card.boundingBox())!;
    expect(cardBox.y).toBeGreaterThanOrEqual(box.y + box.height);
    const demo = (await page.getByRole("figure").first().boundingBox())!;
    const overlaps =
      cardBox.x < demo.x + demo.width &&
      demo.x < cardBox.x + cardBox.width &&
      cardBox.y < demo.y + demo.height &&
      demo.y < cardBox.y + cardBox.height;
    expect(overlaps).toBe(false);
    if (viewport.width < 960) {
      // On a phone it starts as a bar (the header and 'Details'); a tap opens the rest.
      expect(cardBox.height).toBeLessThanOrEqual(viewport.height * 0.15);
      await expect(card.locator("p")).toBeHidden();
      await card.getByText("Details", { exact: true }).click();
      await expect(card.locator("p")).toBeVisible();
      await expect(card.getByRole("link", { name: "See the packages" })).toBeVisible();
    }
    // Closing it moves nothing: the card never took space in the page.
    await closePopup(card);
    expect(await pageTop()).toBe(headingTop);
    await context.close();
  }
});

test("in dark mode the welcome card is dark, its header in the theme's text colour", async ({ browser }) => {
  const context = await browser.newContext();
  const value = encodeURIComponent(JSON.stringify({ isDarkMode: true, accentColor: "#FFF", fontPercentage: 100 }));
  await context.addCookies([{ name: "theme", value, url: test.info().project.use.baseURL! }]);
  const page = await context.newPage();
  await page.goto("/");
  const card = page.getByRole("complementary", { name: "Welcome" });
  // --surface and --text of the dark theme (app/styles/tokens.css), not the seed's header colour on white.
  await expect(card).toHaveCSS("background-color", "rgb(28, 27, 36)");
  await expect(card.getByRole("heading")).toHaveCSS("color", "rgb(236, 235, 242)");
  await context.close();
});
