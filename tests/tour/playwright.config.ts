// `npm run tour`: the screenshot tour (issue 28). Every page and state of tests/e2e/a11y/pages.ts at
// 390 and 1280 px, light and dark, as visitor, member and admin, with the realistic content of
// tests/e2e/a11y/content.ts, saved to tour/ with each picture's findings in tour/report.md. The
// server is the browser suite's (E2E_PORT, E2E_RENDERER_PORT; a fresh e2e database). TOUR_ONLY=regex
// photographs a subset. It never fails on a finding: the layout check (tests/e2e/layout.spec.ts)
// does that; the tour is for people to look at.
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import suite from "../../playwright.config";

export default defineConfig({
  ...suite,
  testDir: ".",
  testMatch: "tour.spec.ts",
  globalSetup: "../e2e/global-setup.ts",
  reporter: [["list"]],
  timeout: 120_000,
  retries: 0,
  use: { ...suite.use, trace: "off", screenshot: "off" },
  // The suite's first server, started from the repository's root as the suite starts it (a web
  // server's cwd is otherwise this config's folder, where scripts/start.mjs is not).
  webServer: (Array.isArray(suite.webServer) ? suite.webServer.slice(0, 1) : [suite.webServer!]).map((server) => ({
    ...server,
    cwd: fileURLToPath(new URL("../..", import.meta.url)),
  })),
});
