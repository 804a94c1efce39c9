// Production payments: Stripe's REST API over fetch, pinned API version. Two
// calls (create a PaymentIntent, refund) need no SDK: the SDK was ~50 KB of the
// Worker's gzip for them (ADR 024); the requests are the ones it would send
// (form-encoded, Idempotency-Key, Stripe-Version; one retry with the same key).
import {
  type CreateIntentInput,
  type PaymentEvent,
  PaymentProviderError,
  type Payments,
  type RefundInput,
} from "./index";
import { verifyStripeEvent } from "./verify";

/** Pinned, so payloads match what the code reads. */
export const STRIPE_API_VERSION = "2026-10-28.endive";
const API = "https://api.stripe.com/v1";

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string | null;
}

type FormValue = string | number | undefined | FormValue[] | { [key: string]: FormValue };

/** Stripe's form encoding: `metadata[orderId]=…`, `allowed_payment_method_types[0]=card`; undefined left out. */
export function stripeForm(values: Record<string, FormValue>): URLSearchParams {
  const form = new URLSearchParams();
  const add = (key: string, value: FormValue) => {
    if (value === undefined) return;
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) add(`${key}[${i}]`, v);
    } else if (typeof value === "object") for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    else form.append(key, String(value));
  };
  for (const [key, value] of Object.entries(values)) add(key, value);
  return form;
}

export class StripePayments implements Payments {
  readonly provider = "stripe" as const;
  readonly publishableKey: string | null;

  /** `fetchFn` stands in for the network in tests; production uses the global fetch. */
  constructor(
    private readonly settings: StripeSettings,
    private readonly fetchFn: typeof fetch = (input, init) => fetch(input, init),
  ) {
    this.publishableKey = settings.publishableKey;
  }

  /** POSTs a form; a network failure or a 5xx is retried once (safe: same idempotency key). */
  private async post<T>(path: string, values: Record<string, FormValue>, idempotencyKey: string): Promise<T> {
    const init: RequestInit = {
      method: "POST",
      headers: {
        authorization: `Bearer ${this.settings.secretKey}`,
        "content-type": "application/x-www-form-urlencoded",
        "stripe-version": STRIPE_API_VERSION,
        "idempotency-key": idempotencyKey,
      },
      body: stripeForm(values).toString(),
    };
    const send = () => this.fetchFn(`${API}${path}`, init);
    let response = await send().catch(() => null);
    if (!response || response.status >= 500) {
      response = await send().catch((error: unknown) => {
        throw new PaymentProviderError(`Stripe could not be reached: ${String(error)}`);
      });
    }
    const body = (await response.json().catch(() => ({}))) as T & { error?: { message?: string; code?: string } };
    if (!response.ok) {
      throw new PaymentProviderError(body.error?.message ?? `Stripe answered ${response.status}.`, body.error?.code);
    }
    return body;
  }

  async createIntent(input: CreateIntentInput) {
    const intent = await this.post<{ id: string; client_secret?: string | null }>(
      "/payment_intents",
      {
        amount: input.amountCents,
        currency: input.currency,
        // The Card Element confirms with confirmCardPayment: cards only, no redirects, no return_url.
        allowed_payment_method_types: ["card"],
        metadata: { ...input.metadata, kind: input.kind },
        description: input.description,
        receipt_email: input.receiptEmail,
      },
      input.idempotencyKey,
    );
    if (!intent.client_secret) throw new PaymentProviderError("Stripe returned no client secret.");
    return { id: intent.id, clientSecret: intent.client_secret };
  }

  async refund(input: RefundInput) {
    const refund = await this.post<{ id: string; status?: string | null }>(
      "/refunds",
      { payment_intent: input.paymentIntentId, amount: input.amountCents, metadata: { reason: input.reason } },
      input.idempotencyKey,
    );
    return { id: refund.id, status: refund.status ?? "pending" };
  }

  verifyEvent(rawBody: string, signature: string | null): Promise<PaymentEvent> {
    return verifyStripeEvent(rawBody, signature, this.settings.webhookSecret);
  }
}
