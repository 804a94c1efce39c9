// Webhook signature checking, shared by Stripe and the test provider so local
// fulfilment runs exactly the production verification.
import Stripe from "stripe";
import { z } from "zod";
import { BadSignature, MalformedEvent, type PaymentEvent, type PaymentIntentFacts } from "./contract";

/** Stripe's default: a delivery signed more than 5 minutes ago is refused. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * What dispatch reads of a verified event, checked: a correct signature proves who sent the
 * bytes, not that they have the shape the handlers assume (issue 27 item 5).
 */
const intentSchema = z.object({
  id: z.string().min(1).max(255),
  object: z.literal("payment_intent"),
  amount: z.number().int().nonnegative(),
  amount_received: z.number().int().nonnegative().nullish(),
  currency: z.string().min(1).max(10),
  status: z.string().max(64),
  metadata: z.record(z.string().max(500), z.string().max(500)).nullish(),
  last_payment_error: z.object({ message: z.string().nullish() }).passthrough().nullish(),
});

const eventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int(),
  data: z.object({ object: z.object({ object: z.string().optional() }).passthrough() }),
});

export function intentFacts(intent: z.infer<typeof intentSchema>): PaymentIntentFacts {
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

/** The verified event reduced to what dispatch reads; throws `MalformedEvent` for any other shape. */
export function parseEvent(event: unknown): PaymentEvent {
  const envelope = eventSchema.safeParse(event);
  if (!envelope.success) throw new MalformedEvent("The event is not a Stripe event.");
  const { id, type, created, data } = envelope.data;
  // Every payment_intent.* event carries an intent; one that does not is refused, not skipped.
  if (data.object.object !== "payment_intent" && !type.startsWith("payment_intent.")) {
    return { id, type, created, intent: null };
  }
  const intent = intentSchema.safeParse(data.object);
  if (!intent.success) throw new MalformedEvent("The event's payment intent is malformed.");
  return { id, type, created, intent: intentFacts(intent.data) };
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
  return parseEvent(event);
}
