// Browser tests against the production build (`vite preview` of `react-router
// build`), with their own local D1 state in .wrangler/e2e (wiped before the
// server starts, so every fresh run begins from the seed).
// No browser downloads here: Debian's Chromium (CHROMIUM_PATH) is used.
import { defineConfig, devices } from "@playwright/test";
import { baseURL, PORT, PRODUCTION_PORT, PRODUCTION_STATE, productionURL, RENDERER_PORT } from "./tests/e2e/servers";

export default defineConfig({
  testDir: "./tests/e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // The JSON report feeds `npm test`'s closing count (scripts/test.mjs).
  reporter: [
    ["list"],
    ["json", { outputFile: "test-reports/playwright.json" }],
    ...(process.env.CI ? [["html", { open: "never" }] as const] : []),
  ],
  use: {
    baseURL,
    headless: true,
    viewport: { width: 1280, height: 800 },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: [
    {
      // globalSetup runs after the webServer is up, so the e2e state is wiped here.
      command: "rm -rf .wrangler/e2e && node scripts/start.mjs --preview",
      url: `${baseURL}/api/session`,
      env: { PORT: String(PORT), RENDERER_PORT, PERSIST_TO: ".wrangler/e2e" },
      timeout: 180_000,
      reuseExistingServer: !process.env.CI,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // Started after the first one is up (Playwright starts them in order): the same build.
      command: `rm -rf ${PRODUCTION_STATE} && node scripts/start.mjs --production --reuse-build`,
      url: `${productionURL}/api/session`,
      env: { PORT: String(PRODUCTION_PORT), PERSIST_TO: PRODUCTION_STATE },
      timeout: 180_000,
      reuseExistingServer: !process.env.CI,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
