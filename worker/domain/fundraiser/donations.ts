// Donations (seed 001 §7 `/create-fundraiser-intent`). The amount comes from
// the chosen preset or custom value, computed on the server; the row starts
// 'pending' and becomes 'succeeded' only on the verified webhook, once (the
// status guard), after which the receipt is e-mailed. The goal's progress and
// the donor wall read confirmed donations only.
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { DONATION_INIT_FAILED, type DonationInput, GOAL_CENTS } from "../../../app/kernel/schemas/fundraiser";
import { formatMoney } from "../../../app/kernel/schemas/money";
import { donations } from "../../db/schema";
import { closeAbandoned } from "../../payments";
import type { FulfilmentHandler } from "../../payments/handler";
import { hmacSha256 } from "../../security/crypto";
import { takeAttempt } from "../../security/rate-limit";
import type { Deps } from "../deps";
import { Conflict } from "../errors";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** Starts per client and per e-mail (issue 27 item 3): each start may create a payment intent. */
export const DONATION_LIMITS = {
  client: { max: 10, windowMs: 10 * MINUTE },
  email: { max: 6, windowMs: HOUR },
} as const;
/** A pending donation this young is still open: the same client, e-mail and amount get its intent back. */
export const OPEN_DONATION_MS = HOUR;
/** A pending donation this old was abandoned: the sweep cancels its intent (Stripe's idempotency keys last a day). */
export const ABANDONED_DONATION_MS = 24 * HOUR;

const idempotencyKey = (donationId: string) => `donation:${donationId}`;

export async function startDonation(
  deps: Deps,
  /** The signed-in donor, or null for a visitor. */
  userId: string | null,
  input: DonationInput,
  clientId: string,
) {
  // The client's limit first: a burst from one client does not use up the e-mail's.
  await takeAttempt(deps.db, [{ scope: "donation-client", subject: clientId, ...DONATION_LIMITS.client }], deps.now());
  await takeAttempt(deps.db, [{ scope: "donation-email", subject: input.email, ...DONATION_LIMITS.email }], deps.now());
  // The address is kept only as a keyed hash: enough to recognise the client, nothing to read.
  const clientKey = await hmacSha256(deps.secret, `donation-client:${clientId}`);
  const fresh = crypto.randomUUID();
  const now = deps.now();
  // One statement (D1 runs one writer at a time): a new row only if this client has no open donation
  // of this amount for this e-mail, so a burst of identical starts makes one row and one intent.
  const d1 = deps.db.$client;
  const written = await d1
    .prepare(
      `INSERT INTO donations (id, amount_cents, user_id, email, donor_name, message, show_name, show_amount, client_key, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10
       WHERE NOT EXISTS (SELECT 1 FROM donations WHERE client_key = ?9 AND status = 'pending'
                          AND amount_cents = ?2 AND email = ?4 AND created_at > ?11)`,
    )
    .bind(
      fresh,
      input.amountCents,
      userId,
      input.email,
      input.donorName,
      input.message,
      input.showName ? 1 : 0,
      input.showAmount ? 1 : 0,
      clientKey,
      now,
      now - OPEN_DONATION_MS,
    )
    .run();
  let donationId: string = fresh;
  if (!written.meta.changes) {
    const [open] = await deps.db
      .select({ id: donations.id })
      .from(donations)
      .where(
        and(
          eq(donations.clientKey, clientKey),
          eq(donations.status, "pending"),
          eq(donations.amountCents, input.amountCents),
          eq(donations.email, input.email),
          gt(donations.createdAt, new Date(now - OPEN_DONATION_MS)),
        ),
      )
      .orderBy(desc(donations.createdAt))
      .limit(1);
    if (!open) throw new Conflict(DONATION_INIT_FAILED, undefined, "payment_init_failed");
    donationId = open.id;
  }
  try {
    // The donation's own idempotency key: a reused donation gets its first intent back, not another.
    const intent = await deps.payments.createIntent({
      amountCents: input.amountCents,
      currency: "usd",
      kind: "donation",
      metadata: { donationId },
      idempotencyKey: idempotencyKey(donationId),
      description: "Donation: Action Star fundraiser",
      receiptEmail: input.email,
    });
    await deps.db.update(donations).set({ paymentIntentId: intent.id }).where(eq(donations.id, donationId));
    return {
      donationId,
      amountCents: input.amountCents,
      clientSecret: intent.clientSecret,
      provider: deps.payments.provider,
      publishableKey: deps.payments.publishableKey,
    };
  } catch (error) {
    console.error("donation intent failed", error);
    if (donationId === fresh)
      await deps.db.delete(donations).where(and(eq(donations.id, donationId), isNull(donations.paymentIntentId)));
    throw new Conflict(DONATION_INIT_FAILED, undefined, "payment_init_failed");
  }
}

/** Pending donations abandoned for a day: their intent is cancelled (so it can no longer be paid) and the row failed. */
export async function sweepAbandonedDonations(deps: Pick<Deps, "db" | "payments" | "now">) {
  const stale = await deps.db
    .select({ id: donations.id, paymentIntentId: donations.paymentIntentId })
    .from(donations)
    .where(and(eq(donations.status, "pending"), lt(donations.createdAt, new Date(deps.now() - ABANDONED_DONATION_MS))))
    .limit(100);
  await closeAbandoned(deps.payments, stale, (id) =>
    deps.db
      .update(donations)
      .set({ status: "failed" })
      .where(and(eq(donations.id, id), eq(donations.status, "pending"))),
  );
}

/** Registered with the payments module under `metadata.kind = "donation"`. */
export const donationFulfilment: FulfilmentHandler = {
  async succeeded({ deps, intent, event }) {
    const donationId = intent.metadata.donationId;
    if (!donationId) return;
    // Only a pending donation of exactly the amount received is confirmed, and only once.
    const [confirmed] = await deps.db
      .update(donations)
      .set({ status: "succeeded", eventId: event.id, confirmedAt: new Date(deps.now()) })
      .where(
        and(
          eq(donations.id, donationId),
          eq(donations.status, "pending"),
          eq(donations.paymentIntentId, intent.id),
          eq(donations.amountCents, intent.amountReceived),
        ),
      )
      .returning();
    if (!confirmed) return;
    await deps.mail.send({
      to: confirmed.email,
      subject: "Thank you for your donation",
      text: [
        `Hello ${confirmed.donorName || "friend"},`,
        "",
        `Thank you for donating ${formatMoney(confirmed.amountCents)} to the Action Star fundraiser.`,
        `Receipt: ${confirmed.id}`,
        `Payment: ${intent.id}`,
        `Date: ${new Date(deps.now()).toUTCString()}`,
        "",
        "Welcome, Action Star Member!",
      ].join("\n"),
    });
  },
  async canceled({ deps, intent }) {
    const donationId = intent.metadata.donationId;
    if (!donationId) return;
    await deps.db
      .update(donations)
      .set({ status: "failed" })
      .where(and(eq(donations.id, donationId), eq(donations.status, "pending")));
  },
};

/** The goal, what confirmed donations have raised, and the donor wall as each donor chose. */
export async function fundraiserSummary(deps: Pick<Deps, "db">) {
  const [{ raised, donors } = { raised: 0, donors: 0 }] = await deps.db
    .select({
      raised: sql<number>`coalesce(sum(${donations.amountCents}), 0)`,
      donors: sql<number>`count(distinct ${donations.email})`,
    })
    .from(donations)
    .where(eq(donations.status, "succeeded"));
  const wall = await deps.db
    .select()
    .from(donations)
    .where(eq(donations.status, "succeeded"))
    .orderBy(desc(donations.confirmedAt))
    .limit(50);
  return {
    goalCents: GOAL_CENTS,
    raisedCents: Number(raised),
    /** People who gave (by e-mail: a donor who gives twice counts once). */
    donorCount: Number(donors),
    donors: wall.map((d) => ({
      id: d.id,
      name: d.showName && d.donorName ? d.donorName : "Anonymous",
      amountCents: d.showAmount ? d.amountCents : null,
      message: d.message,
      confirmedAt: d.confirmedAt!.toISOString(),
    })),
  };
}
