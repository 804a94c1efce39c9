// Donations (seed 001 §7 `/create-fundraiser-intent`). The amount comes from
// the chosen preset or custom value, computed on the server; the row starts
// 'pending' and becomes 'succeeded' only on the verified webhook, once (the
// status guard), after which the receipt is e-mailed. The goal's progress and
// the donor wall read confirmed donations only.
import { and, desc, eq, sql } from "drizzle-orm";
import { DONATION_INIT_FAILED, type DonationInput, GOAL_CENTS } from "../../../app/lib/schemas/fundraiser";
import { formatMoney } from "../../../app/lib/schemas/money";
import { donations } from "../../db/schema";
import type { FulfilmentHandler } from "../../payments/fulfilments";
import type { SessionUser } from "../../sessions";
import type { Deps } from "../deps";
import { Conflict } from "../errors";

export async function startDonation(deps: Deps, user: Pick<SessionUser, "id"> | null, input: DonationInput) {
  const donationId = crypto.randomUUID();
  await deps.db.insert(donations).values({
    id: donationId,
    amountCents: input.amountCents,
    userId: user?.id ?? null,
    email: input.email,
    donorName: input.donorName,
    message: input.message,
    showName: input.showName,
    showAmount: input.showAmount,
  });
  try {
    const intent = await deps.payments.createIntent({
      amountCents: input.amountCents,
      currency: "usd",
      kind: "donation",
      metadata: { donationId },
      idempotencyKey: `donation:${donationId}`,
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
    await deps.db.delete(donations).where(eq(donations.id, donationId));
    throw new Conflict(DONATION_INIT_FAILED, undefined, "payment_init_failed");
  }
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
  const [{ raised } = { raised: 0 }] = await deps.db
    .select({ raised: sql<number>`coalesce(sum(${donations.amountCents}), 0)` })
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
    donors: wall.map((d) => ({
      id: d.id,
      name: d.showName && d.donorName ? d.donorName : "Anonymous",
      amountCents: d.showAmount ? d.amountCents : null,
      message: d.message,
      confirmedAt: d.confirmedAt!.toISOString(),
    })),
  };
}
