// Webhook signatures as Stripe makes them (`Stripe-Signature: t=<unix>,v1=<hex
// HMAC-SHA-256 of "<t>.<body>">`), shared by Stripe and the test provider so
// local fulfilment runs exactly the production verification. Our own ~40 lines
// instead of the SDK (ADR 024: the SDK was ~50 KB of the Worker's gzip);
// the tests sign with the SDK's generateTestHeaderStringAsync, so both agree.
import { timingSafeEqual } from "../security/crypto";
import { BadSignature, type PaymentEvent, type PaymentIntentFacts } from "./index";

/** Stripe's default: a delivery signed more than 5 minutes ago is refused. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The fields of Stripe's PaymentIntent object that fulfilment reads. */
export interface StripePaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received?: number | null;
  currency: string;
  status: string;
  metadata?: Record<string, string> | null;
  last_payment_error?: { message?: string | null } | null;
}

export function intentFacts(intent: StripePaymentIntent): PaymentIntentFacts {
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

const encoder = new TextEncoder();

async function hexHmac(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(text)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The `Stripe-Signature` header Stripe would send for this body at this time. */
export async function signStripePayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  return `t=${timestamp},v1=${await hexHmac(secret, `${timestamp}.${payload}`)}`;
}

export async function verifyStripeEvent(
  rawBody: string,
  signature: string | null,
  secret: string,
): Promise<PaymentEvent> {
  if (!signature || !secret) throw new BadSignature("Missing signature.");
  const pairs = signature.split(",").map((part) => part.trim().split("=") as [string, string?]);
  const timestamp = Number(pairs.find(([k]) => k === "t")?.[1]);
  const signatures = pairs.filter(([k, v]) => k === "v1" && v).map(([, v]) => v!);
  if (!Number.isInteger(timestamp) || signatures.length === 0) {
    throw new BadSignature("Unable to extract timestamp and signatures from header.");
  }
  const expected = await hexHmac(secret, `${timestamp}.${rawBody}`);
  if (!signatures.some((s) => timingSafeEqual(s, expected))) {
    throw new BadSignature("No signatures found matching the expected signature for payload.");
  }
  if (Math.abs(Date.now() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
    throw new BadSignature("Timestamp outside the tolerance zone.");
  }
  let event: { id: string; type: string; created: number; data: { object: { object?: string } } };
  try {
    event = JSON.parse(rawBody);
  } catch {
    throw new BadSignature("The signed body is not JSON.");
  }
  const object = event.data?.object ?? {};
  return {
    id: event.id,
    type: event.type,
    created: event.created,
    intent: object.object === "payment_intent" ? intentFacts(object as StripePaymentIntent) : null,
  };
}
