// The request path as deployed (ENVIRONMENT=production, project `worker-production` in
// vitest.config.ts): development's stand-ins are not served, the test payment provider cannot be
// chosen, and the security headers and cross-origin refusal hold. The same requests answer in the
// development project (tests of each route), so a gate that stopped telling the two apart fails here.
import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call } from "../workers/http";
import { signedInMember } from "./member";

/** Bodies that pass each route's own validation, so only the gate can answer 404. */
const DEVELOPMENT_ONLY: { method: "GET" | "POST" | "PUT"; path: string; json?: unknown }[] = [
  { method: "GET", path: "/dev/mail" },
  { method: "GET", path: "/dev/ui" },
  { method: "GET", path: "/api/dev/mail" },
  { method: "POST", path: "/api/dev/seed" },
  { method: "POST", path: "/api/render-queue/messages/pull", json: { batch_size: 1, visibility_timeout_ms: 1 } },
  { method: "POST", path: "/api/render-queue/messages/ack", json: { acks: [], retries: [] } },
  {
    method: "POST",
    path: "/api/payments/test/confirm",
    json: { clientSecret: "pi_x_secret_y", card: { number: "4242424242424242", expiry: "12/34", cvc: "123" } },
  },
  { method: "GET", path: "/api/storage/get/any-token" },
];

describe("production gates", () => {
  it("runs as production", () => {
    expect(env.ENVIRONMENT).toBe("production");
  });

  it.each(DEVELOPMENT_ONLY)("does not serve $method $path", async ({ method, path, json }) => {
    const response = await call(path, { method, json });
    expect(response.status).toBe(404);
  });

  it("takes no upload through the Worker's development storage route", async () => {
    const response = await call("/api/storage/put/any-token", {
      method: "PUT",
      body: "bytes",
      headers: { "content-type": "text/plain" },
    });
    expect(response.status).toBe(404);
    expect(await env.FILES.list({ limit: 1 })).toMatchObject({ objects: [] });
  });

  it("takes no payment event it cannot verify with Stripe's secret (no test provider signs them)", async () => {
    const response = await call("/api/payments/webhook", {
      body: JSON.stringify({ id: "evt_test", type: "payment_intent.succeeded", data: { object: {} } }),
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
    });
    expect(response.status).toBe(400);
  });

  it("refuses a write from another origin", async () => {
    const refused = await call("/api/session", {
      json: { email: "x@example.com", password: "x" },
      headers: { origin: "https://evil.example" },
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: "cross_origin" } });
  });

  it("sets the session cookie Secure, HttpOnly and SameSite on https", async () => {
    const { email, password } = await signedInMember();
    const signedIn = await SELF.fetch("https://creatorplatform.app/api/session", {
      method: "POST",
      headers: { origin: "https://creatorplatform.app", "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.getSetCookie().find((c) => c.startsWith("sid="));
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/i);
  });
});
