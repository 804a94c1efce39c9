// Production payments: Stripe's REST API over fetch, pinned API version. Three calls and a webhook
// signature do not need the SDK, whose every resource class would be a third of the Worker's
// budget (ADR 136); its types still describe the payloads (type imports only, nothing bundled).
import type Stripe from "stripe";
import {
  type CreateIntentInput,
  type PaymentEvent,
  PaymentProviderError,
  type Payments,
  type RefundInput,
} from "./contract";
import { verifyStripeEvent } from "./verify";

/** Pinned: the version of the SDK whose types describe the payloads. */
export const STRIPE_API_VERSION = "2026-10-28.endive";

const API = "https://api.stripe.com/v1";
/** The SDK's first retry delay; one retry, with the same idempotency key. */
const RETRY_DELAY_MS = 500;

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string | null;
}

/** An error answer from Stripe, with its `type` (e.g. `invalid_request_error`) and `code`. */
class StripeAnswerError extends PaymentProviderError {
  constructor(
    message: string,
    code: string | undefined,
    readonly type: string | undefined,
  ) {
    super(message, code);
  }
}

type FormValue = string | number | boolean | null | undefined | FormValue[] | { [key: string]: FormValue };

/** Stripe's form encoding: `metadata[kind]=order`, `allowed_payment_method_types[0]=card`; undefined is left out. */
export function stripeForm(params: object): URLSearchParams {
  const form = new URLSearchParams();
  const add = (key: string, value: FormValue) => {
    if (value === undefined) return;
    if (value === null) form.append(key, "");
    else if (Array.isArray(value)) for (const [i, each] of value.entries()) add(`${key}[${i}]`, each);
    else if (typeof value === "object") for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    else form.append(key, String(value));
  };
  for (const [key, value] of Object.entries(params)) add(key, value as FormValue);
  return form;
}

/** Retried like the SDK does: a lost connection, a 409 or a 5xx, unless Stripe says not to. */
function worthRetrying(response: Response | null): boolean {
  if (!response) return true;
  const advice = response.headers.get("stripe-should-retry");
  if (advice === "false") return false;
  if (advice === "true") return true;
  return response.status === 409 || response.status >= 500;
}

export class StripePayments implements Payments {
  readonly provider = "stripe" as const;
  readonly publishableKey: string | null;
  private readonly fetchFn: typeof fetch;

  /** `fetchFn` stands in for the network in tests; production uses the global fetch. */
  constructor(
    private readonly settings: StripeSettings,
    fetchFn?: typeof fetch,
  ) {
    this.publishableKey = settings.publishableKey;
    this.fetchFn = fetchFn ?? ((input, init) => fetch(input, init));
  }

  /** POSTs `params` to `path`; throws `PaymentProviderError` with Stripe's message when refused. */
  private async post<T>(path: string, params: object, idempotencyKey?: string): Promise<T> {
    const init: RequestInit = {
      method: "POST",
      headers: {
        authorization: `Bearer ${this.settings.secretKey}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
        "stripe-version": STRIPE_API_VERSION,
        // As the SDK does: a call without its own key gets one, so its retry cannot act twice.
        "idempotency-key": idempotencyKey ?? `stripe-node-retry-${crypto.randomUUID()}`,
      },
      body: stripeForm(params).toString(),
    };
    for (let attempt = 0; ; attempt++) {
      let response: Response | null = null;
      let failure: unknown = null;
      try {
        response = await this.fetchFn(`${API}${path}`, init);
      } catch (error) {
        failure = error;
      }
      if (attempt === 0 && !response?.ok && worthRetrying(response)) {
        await response?.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
        continue;
      }
      if (!response) {
        const reason = failure instanceof Error ? failure.message : String(failure);
        throw new PaymentProviderError(`Stripe could not be reached: ${reason}`);
      }
      const body = (await response.json().catch(() => null)) as
        | (T & { error?: { message?: string; code?: string; type?: string } })
        | null;
      if (!response.ok || !body || body.error) {
        const error = body?.error;
        throw new StripeAnswerError(error?.message ?? `Stripe answered ${response.status}.`, error?.code, error?.type);
      }
      return body;
    }
  }

  async createIntent(input: CreateIntentInput) {
    const params: Stripe.PaymentIntentCreateParams = {
      amount: input.amountCents,
      currency: input.currency,
      // The Card Element confirms with confirmCardPayment: cards only, no redirects, no return_url.
      allowed_payment_method_types: ["card"],
      metadata: { ...input.metadata, kind: input.kind },
      description: input.description,
      receipt_email: input.receiptEmail,
    };
    const intent = await this.post<Stripe.PaymentIntent>("/payment_intents", params, input.idempotencyKey);
    if (!intent.client_secret) throw new PaymentProviderError("Stripe returned no client secret.");
    return { id: intent.id, clientSecret: intent.client_secret };
  }

  async cancelIntent(paymentIntentId: string) {
    const params: Stripe.PaymentIntentCancelParams = { cancellation_reason: "abandoned" };
    try {
      await this.post(`/payment_intents/${encodeURIComponent(paymentIntentId)}/cancel`, params);
      return true;
    } catch (error) {
      // Already succeeded, processing or cancelled: nothing to cancel.
      if (error instanceof StripeAnswerError && error.type === "invalid_request_error") return false;
      throw error;
    }
  }

  async refund(input: RefundInput) {
    const params: Stripe.RefundCreateParams = {
      payment_intent: input.paymentIntentId,
      amount: input.amountCents,
      metadata: { reason: input.reason },
    };
    const refund = await this.post<Stripe.Refund>("/refunds", params, input.idempotencyKey);
    return { id: refund.id, status: refund.status ?? "pending" };
  }

  verifyEvent(rawBody: string, signature: string | null): Promise<PaymentEvent> {
    return verifyStripeEvent(rawBody, signature, this.settings.webhookSecret);
  }
}
