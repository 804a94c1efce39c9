// THE TEST PROVIDER: stands in for Stripe on a developer's machine (and in
// tests) when no STRIPE_SECRET_KEY is set. It never runs in production.
// Intents live in D1 (`test_payment_intents`); confirming one with a card
// decides the outcome from Stripe's public test numbers and then sends the
// event Stripe would send, signed with generateTestHeaderStringAsync, through
// the real webhook route, so local fulfilment is the production path.
import { and, eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { TEST_CARD_OUTCOMES, type TestCard } from "../../app/kernel/schemas/checkout";
import type { Database } from "../db/client";
import { testPaymentIntents } from "../db/schema";
import { randomId } from "../security/crypto";
import {
  type CreateIntentInput,
  type PaymentEvent,
  PaymentProviderError,
  type Payments,
  type RefundInput,
} from "./contract";
import { STRIPE_API_VERSION } from "./stripe";
import { verifyStripeEvent } from "./verify";

const NON_TEST_CARD =
  "Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.";

type Row = typeof testPaymentIntents.$inferSelect;

/** Delivers a signed webhook body to the app's webhook route; answers its HTTP status. */
export type Deliver = (rawBody: string, signature: string) => Promise<number>;

export type ConfirmResult =
  | { status: "succeeded"; paymentIntentId: string }
  | { error: { type: "card_error" | "invalid_request_error"; code: string; decline_code?: string; message: string } };

function intentObject(row: Row, status: string, lastError: { code: string; message: string } | null) {
  return {
    id: row.id,
    object: "payment_intent",
    amount: row.amount,
    amount_received: status === "succeeded" ? row.amount : 0,
    currency: row.currency,
    status,
    metadata: row.metadata,
    client_secret: row.clientSecret,
    livemode: false,
    last_payment_error: lastError ? { type: "card_error", ...lastError } : null,
  };
}

export class TestPayments implements Payments {
  readonly provider = "test" as const;
  readonly publishableKey = null;

  constructor(
    private readonly db: Database,
    private readonly webhookSecret: () => Promise<string>,
  ) {}

  /** Like Stripe, the same idempotency key replays the first intent. */
  async createIntent(input: CreateIntentInput) {
    if (!Number.isInteger(input.amountCents) || input.amountCents < 50)
      throw new PaymentProviderError("Amount must be at least $0.50 usd", "amount_too_small");
    const id = `pi_test_${randomId(12)}`;
    await this.db
      .insert(testPaymentIntents)
      .values({
        id,
        clientSecret: `${id}_secret_${randomId(16)}`,
        idempotencyKey: input.idempotencyKey,
        amount: input.amountCents,
        currency: input.currency,
        metadata: { ...input.metadata, kind: input.kind },
      })
      .onConflictDoNothing();
    const [row] = await this.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.idempotencyKey, input.idempotencyKey));
    return { id: row!.id, clientSecret: row!.clientSecret };
  }

  async cancelIntent(paymentIntentId: string) {
    const canceled = await this.db
      .update(testPaymentIntents)
      .set({ status: "canceled" })
      .where(
        and(
          eq(testPaymentIntents.id, paymentIntentId),
          sql`${testPaymentIntents.status} NOT IN ('succeeded', 'processing', 'canceled')`,
        ),
      )
      .returning({ id: testPaymentIntents.id });
    return canceled.length > 0;
  }

  async refund(input: RefundInput) {
    const key = input.idempotencyKey;
    const [row] = await this.db
      .update(testPaymentIntents)
      .set({
        amountRefunded: sql`${testPaymentIntents.amountRefunded} + ${input.amountCents}`,
        refundKeys: sql`json_insert(${testPaymentIntents.refundKeys}, '$[#]', ${key})`,
      })
      .where(
        and(
          eq(testPaymentIntents.id, input.paymentIntentId),
          eq(testPaymentIntents.status, "succeeded"),
          sql`${testPaymentIntents.amountRefunded} + ${input.amountCents} <= ${testPaymentIntents.amount}`,
          sql`NOT EXISTS (SELECT 1 FROM json_each(${testPaymentIntents.refundKeys}) WHERE value = ${key})`,
        ),
      )
      .returning({ id: testPaymentIntents.id });
    if (row) return { id: `re_test_${randomId(12)}`, status: "succeeded" };
    const [existing] = await this.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, input.paymentIntentId));
    if (existing?.refundKeys.includes(key)) return { id: `re_test_${key}`, status: "succeeded" };
    throw new PaymentProviderError("The refund could not be made.", "refund_failed");
  }

  async verifyEvent(rawBody: string, signature: string | null): Promise<PaymentEvent> {
    return verifyStripeEvent(rawBody, signature, await this.webhookSecret());
  }

  /** What the browser's card confirmation does at Stripe: charge, then Stripe sends the event. */
  async confirm(clientSecret: string, card: TestCard, deliver: Deliver): Promise<ConfirmResult> {
    const [row] = await this.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.clientSecret, clientSecret));
    if (!row)
      return {
        error: { type: "invalid_request_error", code: "resource_missing", message: "No such payment_intent." },
      };
    if (row.status === "succeeded")
      return {
        error: {
          type: "invalid_request_error",
          code: "payment_intent_unexpected_state",
          message: "This PaymentIntent has already succeeded.",
        },
      };
    if (row.status === "canceled")
      return {
        error: {
          type: "invalid_request_error",
          code: "payment_intent_unexpected_state",
          message: "This PaymentIntent has been canceled.",
        },
      };
    const outcome = card.number in TEST_CARD_OUTCOMES ? TEST_CARD_OUTCOMES[card.number] : undefined;
    const decline = outcome === undefined ? { code: "card_declined", message: NON_TEST_CARD } : outcome;
    if (decline) {
      await this.send(deliver, "payment_intent.payment_failed", intentObject(row, "requires_payment_method", decline));
      return {
        error: { type: "card_error", code: decline.code, decline_code: decline.declineCode, message: decline.message },
      };
    }
    const [won] = await this.db
      .update(testPaymentIntents)
      .set({ status: "succeeded" })
      .where(and(eq(testPaymentIntents.id, row.id), sql`${testPaymentIntents.status} NOT IN ('succeeded', 'canceled')`))
      .returning({ id: testPaymentIntents.id });
    if (!won)
      return {
        error: {
          type: "invalid_request_error",
          code: "payment_intent_unexpected_state",
          message: "This PaymentIntent has already succeeded.",
        },
      };
    await this.send(deliver, "payment_intent.succeeded", intentObject(row, "succeeded", null));
    return { status: "succeeded", paymentIntentId: row.id };
  }

  /** Builds, signs and delivers an event as Stripe does; a failed delivery is an error (Stripe would retry). */
  async send(deliver: Deliver, type: string, object: Record<string, unknown>, eventId = `evt_test_${randomId(12)}`) {
    const payload = JSON.stringify({
      id: eventId,
      object: "event",
      api_version: STRIPE_API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      data: { object },
    });
    const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: await this.webhookSecret(),
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    });
    const status = await deliver(payload, signature);
    if (status >= 300) throw new PaymentProviderError(`The webhook answered ${status}.`);
  }
}
