// What a domain implements to fulfil a payment of its kind (the registry is
// ./fulfilments.ts). Apart from the registry, so the domains that implement it
// do not import the registry that imports them.
import type { Deps } from "../domain/deps";
import type { PaymentEvent, PaymentIntentFacts } from "./contract";

export interface FulfilmentContext {
  deps: Deps;
  intent: PaymentIntentFacts;
  event: Omit<PaymentEvent, "intent">;
}

export interface FulfilmentHandler {
  /** `payment_intent.succeeded`: the money is in. Must be idempotent. */
  succeeded(context: FulfilmentContext): Promise<void>;
  /** `payment_intent.payment_failed`: a card attempt failed; the intent can still succeed later. */
  failed?(context: FulfilmentContext): Promise<void>;
  /** `payment_intent.canceled`: the intent will never succeed. */
  canceled?(context: FulfilmentContext): Promise<void>;
}

export { NotRecordedYet } from "../domain/errors";
