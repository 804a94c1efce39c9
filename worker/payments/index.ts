// The one module that owns payments (ADR 010). Everything else asks for a
// `Payments` and never talks to Stripe directly:
//  - production: Stripe through its SDK with the fetch HTTP client, built per
//    request from env (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, and the
//    publishable key STRIPE_PUBLISHABLE_KEY in config);
//  - development without keys: the clearly labelled TEST PROVIDER, which takes
//    Stripe's public test card numbers and sends signed events through the
//    same webhook route and verification code;
//  - production without keys: refuses to take payments.
import { isDevelopment } from "../config";
import type { Database } from "../db/client";
import { hmacSha256 } from "../security/crypto";
import { StripePayments } from "./stripe";
import { TestPayments } from "./test-provider";

export type PaymentProvider = "stripe" | "test";

/** What fulfilment needs to know about a PaymentIntent, whichever provider made it. */
export interface PaymentIntentFacts {
  id: string;
  amount: number;
  amountReceived: number;
  currency: string;
  status: string;
  metadata: Record<string, string>;
  lastError: string | null;
}

export interface CreateIntentInput {
  amountCents: number;
  currency: "usd";
  /** Chooses the fulfilment handler when the payment's events come back (`order`, `donation`). */
  kind: string;
  /** Ids only: Stripe allows 50 keys of ≤ 500 characters. */
  metadata: Record<string, string>;
  /** Derived from the thing being paid for (the order id), so a retried request makes no second intent. */
  idempotencyKey: string;
  description?: string;
  receiptEmail?: string;
}

export interface RefundInput {
  paymentIntentId: string;
  amountCents: number;
  idempotencyKey: string;
  /** Kept in the refund's metadata, for the dashboard. */
  reason: string;
}

/** A verified webhook event, reduced to what dispatch reads. */
export interface PaymentEvent {
  id: string;
  type: string;
  created: number;
  /** Present for `payment_intent.*` events. */
  intent: PaymentIntentFacts | null;
}

export interface Payments {
  readonly provider: PaymentProvider;
  /** For the browser: Stripe's publishable key, or null with the test provider. */
  readonly publishableKey: string | null;
  createIntent(input: CreateIntentInput): Promise<{ id: string; clientSecret: string }>;
  refund(input: RefundInput): Promise<{ id: string; status: string }>;
  /** Checks the `Stripe-Signature` of a raw webhook body; throws `BadSignature`. */
  verifyEvent(rawBody: string, signature: string | null): Promise<PaymentEvent>;
}

/** The provider could not be reached or refused: its message, for logs and the card form. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = "PaymentProviderError";
  }
}

export class BadSignature extends Error {
  name = "BadSignature";
}

/** Correctly signed, but not the shape of a Stripe event: refused with 400, nothing fulfilled. */
export class MalformedEvent extends Error {
  name = "MalformedEvent";
}

class Unconfigured implements Payments {
  readonly provider = "stripe" as const;
  readonly publishableKey = null;
  async createIntent(): Promise<never> {
    throw new PaymentProviderError("Payments are not configured (STRIPE_SECRET_KEY is not set).");
  }
  async refund(): Promise<never> {
    throw new PaymentProviderError("Payments are not configured (STRIPE_SECRET_KEY is not set).");
  }
  async verifyEvent(): Promise<never> {
    throw new BadSignature("Payments are not configured (STRIPE_WEBHOOK_SECRET is not set).");
  }
}

/** The test provider's webhook secret: a `whsec_` value derived from the session secret. */
export async function testWebhookSecret(env: Pick<Env, "SESSION_SECRET" | "STRIPE_WEBHOOK_SECRET">) {
  return env.STRIPE_WEBHOOK_SECRET || `whsec_test_${await hmacSha256(env.SESSION_SECRET, "test-provider-webhook")}`;
}

export function paymentsFor(env: Env, db: Database): Payments {
  if (env.STRIPE_SECRET_KEY) {
    return new StripePayments({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? "",
      publishableKey: env.STRIPE_PUBLISHABLE_KEY || null,
    });
  }
  if (isDevelopment(env)) return new TestPayments(db, () => testWebhookSecret(env));
  return new Unconfigured();
}
