// The production Stripe calls with the network stood in: the exact requests
// Stripe would receive (path, form body, Idempotency-Key, API version), and
// webhook verification over the raw body with Stripe's own signing helper.
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { BadSignature, PaymentProviderError } from "./index";
import { STRIPE_API_VERSION, StripePayments } from "./stripe";

interface Recorded {
  url: string;
  method: string;
  headers: Headers;
  form: URLSearchParams;
}

function fakeStripe(answer: (request: Recorded) => Response) {
  const requests: Recorded[] = [];
  const fakeFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request: Recorded = {
      url: String(input),
      method: init?.method ?? "GET",
      headers: new Headers(init?.headers),
      form: new URLSearchParams(typeof init?.body === "string" ? init.body : ""),
    };
    requests.push(request);
    return answer(request);
  }) as typeof fetch;
  const payments = new StripePayments(
    { secretKey: "sk_test_123", webhookSecret: "whsec_test_secret", publishableKey: "pk_test_456" },
    fakeFetch,
  );
  return { payments, requests };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", "request-id": "req_1" },
  });

describe("Stripe payments (fetch stood in)", () => {
  it("creates a PaymentIntent with the order in its metadata and an idempotency key from the order", async () => {
    const { payments, requests } = fakeStripe(() =>
      json({ id: "pi_123", object: "payment_intent", client_secret: "pi_123_secret_abc", amount: 1999 }),
    );
    const intent = await payments.createIntent({
      amountCents: 1999,
      currency: "usd",
      kind: "order",
      metadata: { orderId: "order-1", orderNumber: "CP-ABCDEFGH" },
      idempotencyKey: "order:order-1:intent",
      description: "Order CP-ABCDEFGH",
      receiptEmail: "buyer@example.com",
    });
    expect(intent).toEqual({ id: "pi_123", clientSecret: "pi_123_secret_abc" });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.method).toBe("POST");
    expect(request!.url).toBe("https://api.stripe.com/v1/payment_intents");
    expect(request!.headers.get("idempotency-key")).toBe("order:order-1:intent");
    expect(request!.headers.get("authorization")).toBe("Bearer sk_test_123");
    expect(request!.headers.get("stripe-version")).toBe(STRIPE_API_VERSION);
    expect(Object.fromEntries(request!.form)).toEqual({
      amount: "1999",
      currency: "usd",
      "allowed_payment_method_types[0]": "card",
      "metadata[orderId]": "order-1",
      "metadata[orderNumber]": "CP-ABCDEFGH",
      "metadata[kind]": "order",
      description: "Order CP-ABCDEFGH",
      receipt_email: "buyer@example.com",
    });
    expect(payments.publishableKey).toBe("pk_test_456");
  });

  it("refunds part of a payment with its own idempotency key", async () => {
    const { payments, requests } = fakeStripe(() => json({ id: "re_1", object: "refund", status: "succeeded" }));
    const refund = await payments.refund({
      paymentIntentId: "pi_123",
      amountCents: 500,
      idempotencyKey: "order:order-1:refund-unavailable",
      reason: "unavailable",
    });
    expect(refund).toEqual({ id: "re_1", status: "succeeded" });
    expect(requests[0]!.url).toBe("https://api.stripe.com/v1/refunds");
    expect(requests[0]!.headers.get("idempotency-key")).toBe("order:order-1:refund-unavailable");
    expect(Object.fromEntries(requests[0]!.form)).toEqual({
      payment_intent: "pi_123",
      amount: "500",
      "metadata[reason]": "unavailable",
    });
  });

  it("turns Stripe's error answers into PaymentProviderError with Stripe's message", async () => {
    const { payments } = fakeStripe(() =>
      json(
        {
          error: {
            type: "invalid_request_error",
            code: "amount_too_small",
            message: "Amount must be at least $0.50 usd",
          },
        },
        400,
      ),
    );
    const attempt = payments.createIntent({
      amountCents: 10,
      currency: "usd",
      kind: "order",
      metadata: { orderId: "o" },
      idempotencyKey: "order:o:intent",
    });
    await expect(attempt).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(attempt).rejects.toThrow("Amount must be at least $0.50 usd");
  });

  it("accepts a correctly signed event and refuses a forged, altered or stale one", async () => {
    const { payments } = fakeStripe(() => json({}));
    const payload = JSON.stringify({
      id: "evt_1",
      object: "event",
      type: "payment_intent.succeeded",
      created: 1,
      data: {
        object: {
          id: "pi_1",
          object: "payment_intent",
          amount: 1999,
          amount_received: 1999,
          currency: "usd",
          status: "succeeded",
          metadata: { kind: "order", orderId: "o1" },
        },
      },
    });
    const sign = (secret: string, timestamp?: number) =>
      Stripe.webhooks.generateTestHeaderStringAsync({
        payload,
        secret,
        timestamp,
        cryptoProvider: Stripe.createSubtleCryptoProvider(),
      });
    const event = await payments.verifyEvent(payload, await sign("whsec_test_secret"));
    expect(event).toMatchObject({
      id: "evt_1",
      type: "payment_intent.succeeded",
      intent: { id: "pi_1", amountReceived: 1999, metadata: { kind: "order", orderId: "o1" } },
    });
    await expect(payments.verifyEvent(payload, await sign("whsec_other"))).rejects.toBeInstanceOf(BadSignature);
    await expect(
      payments.verifyEvent(payload.replace("1999", "1"), await sign("whsec_test_secret")),
    ).rejects.toBeInstanceOf(BadSignature);
    const stale = await sign("whsec_test_secret", Math.floor(Date.now() / 1000) - 600);
    await expect(payments.verifyEvent(payload, stale)).rejects.toBeInstanceOf(BadSignature);
    await expect(payments.verifyEvent(payload, null)).rejects.toBeInstanceOf(BadSignature);
  });
});
