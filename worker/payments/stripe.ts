// Production payments: Stripe's SDK over fetch (the Node HTTP client hangs in
// workerd), one client per request, pinned API version.
import Stripe from "stripe";
import {
  type CreateIntentInput,
  type PaymentEvent,
  PaymentProviderError,
  type Payments,
  type RefundInput,
} from "./contract";
import { verifyStripeEvent } from "./verify";

/** Pinned: the SDK's own version, so payloads match its types. */
export const STRIPE_API_VERSION = "2026-10-28.endive";

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string | null;
}

async function providerCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) throw new PaymentProviderError(error.message, error.code);
    throw error;
  }
}

export class StripePayments implements Payments {
  readonly provider = "stripe" as const;
  readonly publishableKey: string | null;
  private readonly stripe: Stripe;

  /** `fetchFn` stands in for the network in tests; production uses the global fetch. */
  constructor(
    private readonly settings: StripeSettings,
    fetchFn?: typeof fetch,
  ) {
    this.publishableKey = settings.publishableKey;
    this.stripe = new Stripe(settings.secretKey, {
      apiVersion: STRIPE_API_VERSION as Stripe.LatestApiVersion,
      httpClient: Stripe.createFetchHttpClient(fetchFn),
      // Retries reuse the idempotency key, so they are safe; keep the webhook answer fast anyway.
      maxNetworkRetries: 1,
      telemetry: false,
    });
  }

  createIntent(input: CreateIntentInput) {
    return providerCall(async () => {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          // The Card Element confirms with confirmCardPayment: cards only, no redirects, no return_url.
          allowed_payment_method_types: ["card"],
          metadata: { ...input.metadata, kind: input.kind },
          description: input.description,
          receipt_email: input.receiptEmail,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!intent.client_secret) throw new PaymentProviderError("Stripe returned no client secret.");
      return { id: intent.id, clientSecret: intent.client_secret };
    });
  }

  async cancelIntent(paymentIntentId: string) {
    try {
      await this.stripe.paymentIntents.cancel(paymentIntentId, { cancellation_reason: "abandoned" });
      return true;
    } catch (error) {
      // Already succeeded, processing or cancelled: nothing to cancel.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return false;
      if (error instanceof Stripe.errors.StripeError) throw new PaymentProviderError(error.message, error.code);
      throw error;
    }
  }

  refund(input: RefundInput) {
    return providerCall(async () => {
      const refund = await this.stripe.refunds.create(
        { payment_intent: input.paymentIntentId, amount: input.amountCents, metadata: { reason: input.reason } },
        { idempotencyKey: input.idempotencyKey },
      );
      return { id: refund.id, status: refund.status ?? "pending" };
    });
  }

  verifyEvent(rawBody: string, signature: string | null): Promise<PaymentEvent> {
    return verifyStripeEvent(rawBody, signature, this.settings.webhookSecret);
  }
}
