import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "rolldown";
import { describe, expect, it } from "vitest";
import { stripeCallsOnly } from "./stripe-calls-only.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));

// The production Worker's Stripe (the SDK with only the resources the app calls), driven through
// worker/payments/stripe.ts with the network stood in.
const ENTRY = `
import Stripe from "stripe";
import { StripePayments } from "./worker/payments/stripe.ts";
export { Stripe };
export const requests = [];
const answer = (status, body) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
export const payments = new StripePayments({ secretKey: "sk_test_1", webhookSecret: "whsec_1", publishableKey: null }, async (url, init) => {
  requests.push(init.method + " " + url);
  if (String(url).endsWith("/cancel")) return answer(400, { error: { type: "invalid_request_error", message: "paid" } });
  return answer(200, String(url).endsWith("/refunds") ? { id: "re_1", status: "succeeded" } : { id: "pi_1", client_secret: "s" });
});
`;

async function productionStripe() {
  const dir = mkdtempSync(join(tmpdir(), "stripe-calls-only-"));
  try {
    const result = await build({
      cwd: root,
      input: "virtual:entry",
      write: false,
      logLevel: "silent",
      platform: "neutral",
      resolve: { conditionNames: ["workerd", "worker", "import"], mainFields: ["module", "main"] },
      plugins: [
        {
          name: "entry",
          resolveId: (id) => (id === "virtual:entry" ? `${root}virtual-entry.ts` : null),
          load: (id) => (id.endsWith("/virtual-entry.ts") ? ENTRY : null),
        },
        stripeCallsOnly(),
      ],
    });
    const [chunk] = result.output;
    const file = join(dir, "stripe.mjs");
    writeFileSync(file, chunk.type === "chunk" ? chunk.code : "");
    return { code: chunk.type === "chunk" ? chunk.code : "", module: await import(pathToFileURL(file).href) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("stripeCallsOnly (the Worker's Stripe SDK)", () => {
  it("keeps the calls worker/payments makes and the webhook check; any other resource throws by name", async () => {
    const { code, module } = await productionStripe();
    expect(code).not.toContain("/v1/customers/search");
    const { payments, requests, Stripe } = module;
    expect(
      await payments.createIntent({
        amountCents: 1999,
        currency: "usd",
        kind: "order",
        metadata: {},
        idempotencyKey: "k",
      }),
    ).toEqual({ id: "pi_1", clientSecret: "s" });
    expect(
      await payments.refund({ paymentIntentId: "pi_1", amountCents: 5, idempotencyKey: "k2", reason: "x" }),
    ).toEqual({ id: "re_1", status: "succeeded" });
    expect(await payments.cancelIntent("pi_1")).toBe(false);
    expect(requests).toEqual([
      "POST https://api.stripe.com/v1/payment_intents",
      "POST https://api.stripe.com/v1/refunds",
      "POST https://api.stripe.com/v1/payment_intents/pi_1/cancel",
    ]);
    const payload = JSON.stringify({ id: "evt_1", type: "charge.refunded", created: 1, data: { object: {} } });
    const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: "whsec_1",
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    });
    expect((await payments.verifyEvent(payload, signature)).id).toBe("evt_1");
    const stripe = new Stripe("sk_test_1");
    expect(() => stripe.customers.create({})).toThrow("Stripe's CustomerResource is not built into the Worker");
  }, 60_000);
});
