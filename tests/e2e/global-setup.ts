// The webServer is "ready" as soon as /api/session answers, but scripts/start.mjs
// seeds the demo data a moment later. Wait until the seed is visible (the
// welcome popup is inserted in the same batch as the seeded users).
import type { FullConfig } from "@playwright/test";

export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL ?? "http://localhost:5174";
  const deadline = Date.now() + 60_000;
  let last = "";
  while (Date.now() < deadline) {
    try {
      const response = await fetch(baseURL);
      const html = await response.text();
      if (html.includes("Welcome to the creator platform")) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the e2e server at ${baseURL} was not seeded within 60s (${last})`);
}
