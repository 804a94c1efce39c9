// Who fulfils what: the webhook hands every verified `payment_intent.*` event
// to the handler named by the intent's `metadata.kind` (set by createIntent).
//
// To take payments for something new (the fundraiser's donations):
//  1. create the intent with `deps.payments.createIntent({ kind: "donation", metadata: { donationId }, … })`;
//  2. write a `FulfilmentHandler` in your domain (idempotent: an event may come twice, or late);
//  3. add one line to `fulfilments` below: `donation: donationFulfilment,`.
import type { Deps } from "../domain/deps";
import { donationFulfilment } from "../domain/fundraiser/donations";
import { orderFulfilment } from "../domain/orders/fulfilment";
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

export const fulfilments: Record<string, FulfilmentHandler> = {
  order: orderFulfilment,
  donation: donationFulfilment,
};
