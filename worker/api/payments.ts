// The payment webhook (one route for every kind of payment) and, in
// development without Stripe keys, the TEST PROVIDER's card confirmation,
// which delivers its signed events to that very route's handler.

import { testConfirmSchema } from "../../app/kernel/schemas/checkout";
import { NotFound } from "../domain/errors";
import { TestPayments } from "../payments/test-provider";
import { receiveWebhook } from "../payments/webhook";
import { publicApi, valid } from "./context";

export const paymentsApi = publicApi()
  .post("/payments/webhook", async (c) => {
    // The raw body exactly as sent: re-serialised JSON would not match the signature.
    const outcome = await receiveWebhook(c.get("deps"), await c.req.text(), c.req.header("stripe-signature") ?? null);
    if (outcome.status === 200) return c.json(outcome, 200);
    return c.json({ error: { code: outcome.code ?? "busy", message: outcome.error } }, outcome.status);
  })
  // Not served at all without the test provider: no body is even read (tests/e2e/production.spec.ts).
  .use("/payments/test/*", async (c, next) => {
    if (!(c.get("deps").payments instanceof TestPayments)) throw new NotFound();
    await next();
  })
  .post("/payments/test/confirm", valid("json", testConfirmSchema), async (c) => {
    const payments = c.get("deps").payments as TestPayments;
    const { clientSecret, card } = c.req.valid("json");
    const deps = c.get("deps");
    // Delivered to the webhook's own handler, signature check and all, as Stripe would deliver it.
    const result = await payments.confirm(clientSecret, card, async (body, signature) => {
      return (await receiveWebhook(deps, body, signature)).status;
    });
    return c.json(result, "error" in result ? 402 : 200);
  });
