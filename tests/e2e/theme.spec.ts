// Dark mode follows the device until a choice is saved (issue 46): a phone set to dark gets the dark
// tokens on the landing page (no script) and the store with no cookie; a saved light theme stays light
// under a dark device, a saved dark one dark under a light device.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { signUpByApi } from "./fixtures";

const DARK_BG = "rgb(18, 17, 23)"; // tokens.css --bg, dark
const LIGHT_BG = "rgb(247, 247, 250)"; // tokens.css --bg, light

async function visitor(browser: Browser, colorScheme: "light" | "dark", isDarkMode?: boolean) {
  const baseURL = test.info().project.use.baseURL!;
  const context = await browser.newContext({ baseURL, colorScheme });
  if (isDarkMode !== undefined) {
    const value = encodeURIComponent(JSON.stringify({ isDarkMode, accentColor: "#FFF", fontPercentage: 100 }));
    await context.addCookies([{ name: "theme", value, url: baseURL }]);
  }
  return context.newPage();
}

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test("with no saved choice a dark device gets the dark theme on / and the store", async ({ browser }) => {
  const page = await visitor(browser, "dark");
  for (const path of ["/", "/digistore"]) {
    await page.goto(path);
    await expect(page.locator("html")).not.toHaveClass(/\b(dark|light)\b/);
    expect(await background(page), path).toBe(DARK_BG);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe("dark");
  }
  await page.context().close();
});

test("with no saved choice a light device gets the light theme", async ({ browser }) => {
  const page = await visitor(browser, "light");
  await page.goto("/digistore");
  expect(await background(page)).toBe(LIGHT_BG);
  await page.context().close();
});

test("a saved choice wins over the device both ways", async ({ browser }) => {
  const light = await visitor(browser, "dark", false);
  for (const path of ["/", "/digistore"]) {
    await light.goto(path);
    await expect(light.locator("html")).toHaveClass("light");
    expect(await background(light), path).toBe(LIGHT_BG);
  }
  await light.context().close();

  const dark = await visitor(browser, "light", true);
  await dark.goto("/");
  await expect(dark.locator("html")).toHaveClass("dark");
  expect(await background(dark)).toBe(DARK_BG);
  await dark.context().close();
});

test("a new member's dark mode is 'System'; Dark is kept under a light device, and System clears it again", async ({
  browser,
}) => {
  const { page } = await signUpByApi(browser, "theme");
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/settings");
  const choice = page.getByRole("group", { name: "Dark mode" });
  await expect(choice.getByRole("radio", { name: "System" })).toBeChecked();
  await choice.getByRole("radio", { name: "Dark" }).check();
  await page.getByRole("button", { name: "Save", exact: true }).first().click();
  await expect(page.getByText("Saved successfully.")).toBeVisible();
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/digistore");
  await expect(page.locator("html")).toHaveClass("dark");
  expect(await background(page)).toBe(DARK_BG);

  await page.goto("/settings");
  await expect(choice.getByRole("radio", { name: "Dark" })).toBeChecked();
  await choice.getByRole("radio", { name: "System" }).check();
  await page.getByRole("button", { name: "Save", exact: true }).first().click();
  await expect(page.getByText("Saved successfully.")).toBeVisible();
  await page.goto("/digistore");
  await expect(page.locator("html")).not.toHaveClass(/\b(dark|light)\b/);
  expect(await background(page)).toBe(LIGHT_BG);
  await page.emulateMedia({ colorScheme: "dark" });
  expect(await background(page)).toBe(DARK_BG);
  await page.context().close();
});
