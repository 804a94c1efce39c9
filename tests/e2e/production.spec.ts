// The production build with ENVIRONMENT=production (`scripts/start.mjs --production`: what
// `wrangler deploy` uploads, run locally by wrangler): the development stand-ins are not served
// there, and the test payment provider cannot be chosen. Each request is also sent to the e2e
// server (the same build with ENVIRONMENT=development), where it IS served, so a gate that stopped
// telling the two apart fails here.
import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import { productionURL } from "./servers";

const json = { "content-type": "application/json" };

/** Bodies that pass each route's own validation, so only the gate can answer 404. */
const DEV_ONLY: { method: "GET" | "POST"; path: string; body?: unknown }[] = [
  { method: "GET", path: "/dev/mail" },
  { method: "GET", path: "/api/dev/mail" },
  { method: "POST", path: "/api/dev/seed" },
  { method: "POST", path: "/api/render-queue/messages/pull", body: { batch_size: 1, visibility_timeout_ms: 1 } },
  { method: "POST", path: "/api/render-queue/messages/ack", body: { acks: [], retries: [] } },
  {
    method: "POST",
    path: "/api/payments/test/confirm",
    body: { clientSecret: "pi_x_secret_y", card: { number: "4242424242424242", expiry: "12/34", cvc: "123" } },
  },
  { method: "POST", path: "/api/payments/test/confirm", body: {} },
];

let production: APIRequestContext;

test.beforeAll(async () => {
  production = await playwrightRequest.newContext({
    baseURL: productionURL,
    extraHTTPHeaders: { origin: productionURL },
  });
});
test.afterAll(async () => {
  await production.dispose();
});

async function send(context: APIRequestContext, route: (typeof DEV_ONLY)[number], origin: string) {
  const headers = { origin, ...(route.body ? json : {}) };
  return route.method === "GET"
    ? context.get(route.path, { headers, maxRedirects: 0 })
    : context.post(route.path, { headers, data: route.body, maxRedirects: 0 });
}

test("the production build is a working app", async () => {
  const session = await production.get("/api/session");
  expect(session.status()).toBe(200);
  const landing = await production.get("/");
  expect(landing.status()).toBe(200);
  expect(await landing.text()).toContain("<html");
});

test("development routes are not served in production", async ({ request, baseURL }) => {
  for (const route of DEV_ONLY) {
    const label = `${route.method} ${route.path} ${JSON.stringify(route.body ?? "")}`;
    const answer = await send(production, route, productionURL);
    expect(answer.status(), `production: ${label}`).toBe(404);
    // The development server answers these (anything but 404), so the 404 above is the gate's.
    if (route.path !== "/api/payments/test/confirm" || route.body) {
      const served = await send(request, route, new URL(baseURL!).origin);
      expect(served.status(), `development: ${label}`).not.toBe(404);
    }
  }
});

test("the test payment provider cannot be selected in production", async ({ request }) => {
  // Development without Stripe keys shows the test provider's card fields and banner.
  const development = await (await request.get("/fundraiser")).text();
  expect(development).toContain("TEST MODE");

  const page = await production.get("/fundraiser");
  expect(page.status()).toBe(200);
  const html = await page.text();
  expect(html).not.toContain("TEST MODE");
  expect(html).not.toContain('"provider":"test"');
  // Without Stripe's keys production takes no payment at all: the seed's message, no card form.
  expect(html).toContain("Unable to initialize donation payment.");

  // Starting a donation makes no test intent: there is no provider to make one.
  const donation = await production.post("/api/fundraiser/donations", {
    headers: { ...json, origin: productionURL },
    data: { preset: "5", email: "donor@example.com", name: "Donor", nameOnCard: "Donor" },
  });
  expect(donation.status()).not.toBe(201);
  expect(donation.status()).toBeLessThan(600);
  expect(await donation.text()).not.toContain("secret");
});

test("the production feed is built with the build's stand-ins for library internals", async () => {
  const feed = await production.get("/api/episodes/feed.xml");
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toContain("application/rss+xml");
  const xml = await feed.text();
  expect(xml).toMatch(/^<\?xml/);
  expect(xml).toContain("<rss");
  expect(xml).toContain("</channel>");
});
