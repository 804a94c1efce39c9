// The payment webhook (one route for every kind of payment) and, in
// development without Stripe keys, the TEST PROVIDER's card confirmation,
// which delivers its signed events through that very route.

import { testConfirmSchema } from "../../app/lib/schemas/checkout";
import { NotFound } from "../domain/errors";
import { TestPayments } from "../payments/test-provider";
import { receiveWebhook } from "../payments/webhook";
import { publicApi, valid } from "./context";

export const WEBHOOK_PATH = "/api/payments/webhook";

export const paymentsApi = publicApi()
  .post("/payments/webhook", async (c) => {
    // The raw body exactly as sent: re-serialised JSON would not match the signature.
    const outcome = await receiveWebhook(c.get("deps"), await c.req.text(), c.req.header("stripe-signature") ?? null);
    if (outcome.status === 200) return c.json(outcome, 200);
    return c.json(
      { error: { code: outcome.status === 400 ? outcome.code : "busy", message: outcome.error } },
      outcome.status,
    );
  })
  // Not served at all without the test provider: no body is even read (tests/e2e/production.spec.ts).
  .use("/payments/test/*", async (c, next) => {
    if (!(c.get("deps").payments instanceof TestPayments)) throw new NotFound();
    await next();
  })
  .post("/payments/test/confirm", valid("json", testConfirmSchema), async (c) => {
    const payments = c.get("deps").payments as TestPayments;
    const { clientSecret, card } = c.req.valid("json");
    const origin = new URL(c.req.url).origin;
    // Imported here: the API module imports this one.
    const { api } = await import("./index");
    const result = await payments.confirm(clientSecret, card, async (body, signature) => {
      const delivery = new Request(`${origin}${WEBHOOK_PATH}`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body,
      });
      return (await api.fetch(delivery, c.env, c.executionCtx)).status;
    });
    return c.json(result, "error" in result ? 402 : 200);
  });
