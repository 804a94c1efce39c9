// Stripe's side of a payment, for tests: the event Stripe would send for a test-provider
// intent, signed as Stripe signs it, delivered to the one webhook (worker/api/payments.ts).
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { database } from "../../worker/db/client";
import { testPaymentIntents } from "../../worker/db/schema";
import { testWebhookSecret } from "../../worker/payments";
import { call } from "./http";

/**
 * The event for the intent as it stands in the test provider. A `payment_intent.succeeded`
 * received the whole amount (or `amountReceived`); any other type is a declined card.
 */
export async function intentEvent(
  intentId: string,
  type: string,
  { eventId = `evt_${crypto.randomUUID()}`, amountReceived }: { eventId?: string; amountReceived?: number } = {},
) {
  const [intent] = await database(env.DB).select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId));
  if (!intent) throw new Error(`no test intent ${intentId}`);
  const succeeded = type === "payment_intent.succeeded";
  return JSON.stringify({
    id: eventId,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: intent.id,
        object: "payment_intent",
        amount: intent.amount,
        amount_received: amountReceived ?? (succeeded ? intent.amount : 0),
        currency: "usd",
        status: succeeded ? "succeeded" : "requires_payment_method",
        metadata: intent.metadata,
        last_payment_error: succeeded ? null : { message: "Your card was declined." },
      },
    },
  });
}

/** The `stripe-signature` header Stripe would send with `payload` (signed with our secret unless told). */
export async function signWebhook(payload: string, secret?: string) {
  return Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: secret ?? (await testWebhookSecret(env)),
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
}

/** Delivers `payload` to the webhook, signed (with `secret`, to forge one). */
export async function deliverWebhook(payload: string, secret?: string) {
  return call("/api/payments/webhook", {
    body: payload,
    headers: { "stripe-signature": await signWebhook(payload, secret) },
  });
}
