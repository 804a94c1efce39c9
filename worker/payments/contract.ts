// What a payment provider is and what it reports: the contract the Stripe
// provider and the TEST PROVIDER implement and the rest of the Worker reads.
// Kept apart from index.ts, which chooses a provider, so the providers never
// import the module that imports them.

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
  /** Cancels an unpaid intent; false when it can no longer be cancelled (paid, or paying). */
  cancelIntent(paymentIntentId: string): Promise<boolean>;
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

/**
 * The sweep's end of an abandoned payment: each record's intent is cancelled at the provider, so
 * it can no longer be paid, then `close` marks the record. An intent that can no longer be
 * cancelled was paid (or is being paid): its webhook decides, and the record is left alone.
 */
export async function closeAbandoned(
  payments: Payments,
  records: { id: string; paymentIntentId: string | null }[],
  close: (id: string) => Promise<unknown>,
) {
  for (const record of records) {
    if (record.paymentIntentId && !(await payments.cancelIntent(record.paymentIntentId))) continue;
    await close(record.id);
  }
}

export class BadSignature extends Error {
  name = "BadSignature";
}

/** Correctly signed, but not the shape of a Stripe event: refused with 400, nothing fulfilled. */
export class MalformedEvent extends Error {
  name = "MalformedEvent";
}
