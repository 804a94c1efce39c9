// The one payment webhook: verify the signature over the raw body, record the
// event id so a redelivery is skipped, dispatch by `metadata.kind`, answer fast.
// Correctness never rests on the ledger alone: every handler is idempotent and
// moves its rows only forward, so events that come twice or out of order
// (Stripe promises neither once nor in order) change nothing twice.
import { and, eq, lt } from "drizzle-orm";
import { paymentEvents } from "../db/schema";
import type { Deps } from "../domain/deps";
import { observe, since } from "../observability";
import { BadSignature, MalformedEvent } from "./contract";
import { fulfilments } from "./fulfilments";
import { type FulfilmentHandler, NotRecordedYet } from "./handler";

/** A delivery still "processing" after this long is taken to have crashed and may be taken over. */
export const STALE_PROCESSING_MS = 60_000;

export type WebhookOutcome =
  | { status: 400; code: "bad_signature" | "malformed_event"; error: string }
  | { status: 409; error: string; code?: "not_recorded" }
  | { status: 200; received: true; duplicate?: true; ignored?: string };

const HANDLED: Record<string, keyof FulfilmentHandler> = {
  "payment_intent.succeeded": "succeeded",
  "payment_intent.payment_failed": "failed",
  "payment_intent.canceled": "canceled",
};

/** Claims the event id; false when another delivery has it or had it. */
async function claim(deps: Deps, id: string, type: string, paymentIntentId: string | null) {
  const inserted = await deps.db
    .insert(paymentEvents)
    .values({ id, type, paymentIntentId, receivedAt: new Date(deps.now()) })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  if (inserted.length) return "claimed";
  const retaken = await deps.db
    .update(paymentEvents)
    .set({ receivedAt: new Date(deps.now()) })
    .where(
      and(
        eq(paymentEvents.id, id),
        eq(paymentEvents.status, "processing"),
        lt(paymentEvents.receivedAt, new Date(deps.now() - STALE_PROCESSING_MS)),
      ),
    )
    .returning({ status: paymentEvents.status });
  if (retaken.length) return "claimed";
  const [row] = await deps.db.select().from(paymentEvents).where(eq(paymentEvents.id, id));
  return row?.status === "done" ? "done" : "busy";
}

export async function receiveWebhook(deps: Deps, rawBody: string, signature: string | null): Promise<WebhookOutcome> {
  let event: Awaited<ReturnType<Deps["payments"]["verifyEvent"]>>;
  try {
    event = await deps.payments.verifyEvent(rawBody, signature);
  } catch (error) {
    observe("payment.webhook", { outcome: "unverified", reason: String(error) }, "warn");
    if (error instanceof BadSignature)
      return { status: 400, code: "bad_signature", error: `Webhook signature verification failed: ${error.message}` };
    if (error instanceof MalformedEvent) return { status: 400, code: "malformed_event", error: error.message };
    throw error;
  }
  const method = HANDLED[event.type];
  const handler = event.intent ? fulfilments[event.intent.metadata.kind ?? ""] : undefined;
  const ids = { eventId: event.id, type: event.type, paymentIntentId: event.intent?.id, ...event.intent?.metadata };
  observe("payment.webhook", { ...ids, outcome: "verified" });
  if (!method || !event.intent || !handler) return { status: 200, received: true, ignored: event.type };

  const claimed = await claim(deps, event.id, event.type, event.intent.id);
  observe("payment.webhook", { ...ids, outcome: claimed === "done" ? "duplicate" : claimed });
  if (claimed === "done") return { status: 200, received: true, duplicate: true };
  // Another delivery of this event is being handled right now: Stripe will retry this one.
  if (claimed === "busy") return { status: 409, error: "This event is being processed." };

  const start = Date.now();
  try {
    const run = handler[method] as FulfilmentHandler["succeeded"] | undefined;
    const { intent, ...facts } = event;
    const unrecorded = await run?.({ deps, intent, event: facts }).then(
      () => null,
      (error) => (error instanceof NotRecordedYet ? error : Promise.reject(error)),
    );
    if (unrecorded) {
      // Not claimed after all: Stripe's next delivery finds the row and fulfils it.
      await deps.db.delete(paymentEvents).where(eq(paymentEvents.id, event.id));
      return { status: 409, code: "not_recorded", error: unrecorded.message };
    }
  } catch (error) {
    // Let the next delivery try again from the start (the handlers are idempotent).
    await deps.db.delete(paymentEvents).where(eq(paymentEvents.id, event.id));
    observe("payment.webhook", { ...ids, outcome: "failed", reason: String(error), durationMs: since(start) }, "error");
    throw error;
  }
  await deps.db.update(paymentEvents).set({ status: "done" }).where(eq(paymentEvents.id, event.id));
  observe("payment.webhook", { ...ids, outcome: "handled", durationMs: since(start) });
  return { status: 200, received: true };
}
