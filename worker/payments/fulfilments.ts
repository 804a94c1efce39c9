// Who fulfils what: the webhook hands every verified `payment_intent.*` event
// to the handler named by the intent's `metadata.kind` (set by createIntent).
//
// To take payments for something new (the fundraiser's donations):
//  1. create the intent with `deps.payments.createIntent({ kind: "donation", metadata: { donationId }, … })`;
//  2. write a `FulfilmentHandler` (./handler.ts) in your domain (idempotent: an event may come twice, or late);
//  3. add one line to `fulfilments` below: `donation: donationFulfilment,`.
import { donationFulfilment } from "../domain/fundraiser/donations";
import { orderFulfilment } from "../domain/orders/fulfilment";
import type { FulfilmentHandler } from "./handler";

export const fulfilments: Record<string, FulfilmentHandler> = {
  order: orderFulfilment,
  donation: donationFulfilment,
};
