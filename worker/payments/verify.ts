// Webhook signature checking, shared by Stripe and the test provider so local
// fulfilment runs exactly the production verification.
import Stripe from "stripe";
import { BadSignature, type PaymentEvent, type PaymentIntentFacts } from "./index";

/** Stripe's default: a delivery signed more than 5 minutes ago is refused. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function intentFacts(intent: Stripe.PaymentIntent): PaymentIntentFacts {
  return {
    id: intent.id,
    amount: intent.amount,
    amountReceived: intent.amount_received ?? 0,
    currency: intent.currency,
    status: intent.status,
    metadata: { ...(intent.metadata ?? {}) },
    lastError: intent.last_payment_error?.message ?? null,
  };
}

export async function verifyStripeEvent(
  rawBody: string,
  signature: string | null,
  secret: string,
): Promise<PaymentEvent> {
  if (!signature || !secret) throw new BadSignature("Missing signature.");
  let event: Stripe.Event;
  try {
    // The synchronous constructEvent throws in workerd: WebCrypto is async.
    event = await Stripe.webhooks.constructEventAsync(
      rawBody,
      signature,
      secret,
      SIGNATURE_TOLERANCE_SECONDS,
      Stripe.createSubtleCryptoProvider(),
    );
  } catch (error) {
    throw new BadSignature(error instanceof Error ? error.message : "Invalid signature.");
  }
  const object = event.data.object as { object?: string };
  return {
    id: event.id,
    type: event.type,
    created: event.created,
    intent: object.object === "payment_intent" ? intentFacts(object as Stripe.PaymentIntent) : null,
  };
}
