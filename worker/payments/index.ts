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
import { BadSignature, PaymentProviderError, type Payments } from "./contract";
import { StripePayments } from "./stripe";
import { TestPayments } from "./test-provider";

export * from "./contract";

class Unconfigured implements Payments {
  readonly provider = "stripe" as const;
  readonly publishableKey = null;
  async createIntent(): Promise<never> {
    throw new PaymentProviderError("Payments are not configured (STRIPE_SECRET_KEY is not set).");
  }
  async refund(): Promise<never> {
    throw new PaymentProviderError("Payments are not configured (STRIPE_SECRET_KEY is not set).");
  }
  async cancelIntent(): Promise<never> {
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
