// The fundraiser through the whole Worker: the amount is computed on the
// server from the preset or custom value; a donation counts only once the
// verified webhook confirms it, once, whatever is forged or repeated.
import { env } from "cloudflare:workers";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { formatMoneyShort } from "../../app/kernel/format";
import {
  AMOUNT_INVALID,
  DONATION_MESSAGE_TOO_LONG,
  EMAIL_REQUIRED,
  FUNDRAISER_ORGANISER,
  FUNDRAISER_STORY,
  GOAL_CENTS,
} from "../../app/kernel/schemas/fundraiser";
import { call } from "../../tests/workers/http";
import { deliverWebhook, intentEvent } from "../../tests/workers/payments";
import { database } from "../db/client";
import { devOutbox, donations, testPaymentIntents } from "../db/schema";
import { runSweeps } from "../sweeps";

const db = database(env.DB);

async function donate(body: Record<string, unknown>) {
  const response = await call("/api/fundraiser/donations", { json: body });
  return { status: response.status, body: await response.json<any>() };
}

async function intentOf(donationId: string) {
  const [donation] = await db.select().from(donations).where(eq(donations.id, donationId));
  const [intent] = await db
    .select()
    .from(testPaymentIntents)
    .where(eq(testPaymentIntents.id, donation!.paymentIntentId!));
  return intent!;
}

/** The event Stripe would send when the donation's payment succeeds (with `amount` received, if given). */
async function succeededEvent(donationId: string, eventId?: string, amount?: number) {
  const intent = await intentOf(donationId);
  return intentEvent(intent.id, "payment_intent.succeeded", { eventId, amountReceived: amount });
}

const summary = async () => (await call("/api/fundraiser")).json<any>();

describe("fundraiser", () => {
  it("computes the amount on the server from the preset or custom value", async () => {
    const preset = await donate({ preset: "25", email: "d@example.com", amount: 1, amountCents: 1 });
    expect(preset.status).toBe(201);
    expect(preset.body).toMatchObject({ amountCents: 2500, provider: "test" });
    expect(preset.body.clientSecret).toBeTruthy();
    expect((await intentOf(preset.body.donationId)).amount).toBe(2500);
    const custom = await donate({ preset: "custom", customAmount: "12.5", email: "d@example.com" });
    expect((await intentOf(custom.body.donationId)).amount).toBe(1250);
    for (const preset of ["5", "50"]) {
      const made = await donate({ preset, email: "d@example.com" });
      expect(made.body.amountCents).toBe(Number(preset) * 100);
    }
  });

  it("answers the seed's messages and writes nothing then", async () => {
    const before = (await db.select().from(donations)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ preset: "custom", customAmount: "0.5", email: "d@example.com" }, AMOUNT_INVALID],
      [{ preset: "custom", customAmount: "abc", email: "d@example.com" }, AMOUNT_INVALID],
      [{ preset: "custom", customAmount: "-5", email: "d@example.com" }, AMOUNT_INVALID],
      [{ preset: "custom", customAmount: "1.005", email: "d@example.com" }, AMOUNT_INVALID],
      [{ preset: "custom", email: "d@example.com" }, AMOUNT_INVALID],
      [{ preset: "7", email: "d@example.com" }, AMOUNT_INVALID],
      [{ email: "d@example.com" }, AMOUNT_INVALID],
      [{ preset: "5" }, EMAIL_REQUIRED],
      [{ preset: "5", email: " " }, EMAIL_REQUIRED],
      [{ preset: "5", email: "d@example.com", message: "x".repeat(181) }, DONATION_MESSAGE_TOO_LONG],
    ];
    for (const [body, message] of cases) {
      const answer = await donate(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.message).toBe(message);
    }
    expect((await db.select().from(donations)).length).toBe(before);
  });

  it("records a donation only on the verified webhook, once, and mails a receipt", async () => {
    const start = await summary();
    expect(start.goalCents).toBe(GOAL_CENTS);
    const made = await donate({
      preset: "25",
      email: "giver@example.com",
      donorName: "Grace",
      showName: "on",
      showAmount: "on",
    });
    expect((await summary()).raisedCents).toBe(start.raisedCents);

    const forged = await deliverWebhook(await succeededEvent(made.body.donationId), "whsec_forged");
    expect(forged.status).toBe(400);
    expect((await summary()).raisedCents).toBe(start.raisedCents);

    const payload = await succeededEvent(made.body.donationId);
    expect((await deliverWebhook(payload)).status).toBe(200);
    expect((await deliverWebhook(payload)).status).toBe(200);
    // Another event for the same intent changes nothing either.
    expect((await deliverWebhook(await succeededEvent(made.body.donationId))).status).toBe(200);
    const after = await summary();
    expect(after.raisedCents).toBe(start.raisedCents + 2500);
    expect(after.donors[0]).toMatchObject({ name: "Grace", amountCents: 2500 });
    const mails = await db
      .select()
      .from(devOutbox)
      .where(eq(devOutbox.to, "giver@example.com"))
      .orderBy(desc(devOutbox.id));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain("$25.00");
  });

  it("refuses a confirmation whose amount differs from the donation", async () => {
    const made = await donate({ preset: "50", email: "short@example.com" });
    const before = (await summary()).raisedCents;
    await deliverWebhook(await succeededEvent(made.body.donationId, undefined, 100));
    expect((await summary()).raisedCents).toBe(before);
    const [row] = await db.select().from(donations).where(eq(donations.id, made.body.donationId));
    expect(row!.status).toBe("pending");
  });

  it("shows each donor as they chose on the wall", async () => {
    const made = await donate({ preset: "5", email: "quiet@example.com", donorName: "Hidden Person" });
    await deliverWebhook(await succeededEvent(made.body.donationId));
    const wall = (await summary()).donors;
    const quiet = wall.find((d: { id: string }) => d.id === made.body.donationId);
    expect(quiet).toMatchObject({ name: "Anonymous", amountCents: null });
    expect(JSON.stringify(wall)).not.toContain("Hidden Person");
  });

  it("limits starts per client, reuses the open intent for the same client and amount (issue 27 item 3)", async () => {
    const body = { preset: "25", email: "burst@example.com" };
    const burst = await Promise.all(
      Array.from({ length: 40 }, () => call("/api/fundraiser/donations", { json: body, ip: "203.0.113.7" })),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s !== 201 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30);
    const started = await Promise.all(burst.filter((r) => r.status === 201).map((r) => r.json<any>()));
    expect(new Set(started.map((d) => d.donationId)).size).toBe(1);
    expect(new Set(started.map((d) => d.clientSecret)).size).toBe(1);
    const rows = await db.select().from(donations).where(eq(donations.email, "burst@example.com"));
    expect(rows).toHaveLength(1);
    const limited = burst.find((r) => r.status === 429)!;
    expect(limited.headers.get("retry-after")).toBeTruthy();
    // Another client gets its own intent; the e-mail too has a limit.
    const other = await call("/api/fundraiser/donations", {
      json: { ...body, email: "other@example.com" },
      ip: "203.0.113.8",
    });
    expect(other.status).toBe(201);
    expect((await other.json<any>()).donationId).not.toBe(started[0].donationId);
    const perEmail = [];
    for (let i = 0; i < 8; i++) {
      const r = await call("/api/fundraiser/donations", {
        json: { preset: "custom", customAmount: String(10 + i), email: "many@example.com" },
        ip: `198.51.100.${i}`,
      });
      perEmail.push(r.status);
    }
    expect(perEmail.slice(0, 6)).toEqual(Array(6).fill(201));
    expect(perEmail.slice(6)).toEqual([429, 429]);
  });

  it("sweeps donations abandoned for a day: their intent is cancelled and the row is failed", async () => {
    const made = await donate({ preset: "5", email: "gone@example.com" });
    const intent = await intentOf(made.body.donationId);
    await runSweeps(env, Date.now() + 25 * 60 * 60 * 1000);
    const [row] = await db.select().from(donations).where(eq(donations.id, made.body.donationId));
    expect(row!.status).toBe("failed");
    const [after] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intent.id));
    expect(after!.status).toBe("canceled");
    // A fresh one is left alone.
    const fresh = await donate({ preset: "5", email: "kept@example.com" });
    await runSweeps(env, Date.now() + 60 * 60 * 1000);
    const [kept] = await db.select().from(donations).where(eq(donations.id, fresh.body.donationId));
    expect(kept!.status).toBe("pending");
  });

  it("shows the fundraiser page to anyone with the seed's texts", { timeout: 30_000 }, async () => {
    const page = (await (await call("/fundraiser")).text()).replaceAll("&#x27;", "'");
    expect(page).toContain("Donate and Become an Action Star Member");
    expect(page).toContain("liveU solo x2");
    expect(page).toContain("$1,990");
    expect(page).toContain("backpack x2");
    expect(page).toContain('role="progressbar" aria-label="Our goal"');
    // Story first: the organiser and the story; the goal in words people use.
    expect(page).toContain(FUNDRAISER_ORGANISER);
    expect(page).toContain(FUNDRAISER_STORY[0]);
    const { raisedCents, donorCount } = await summary();
    expect(donorCount).toBeGreaterThan(0);
    expect(page).toContain(`<strong>${formatMoneyShort(raisedCents)}</strong> raised`);
    expect(page).toContain(`${donorCount} ${donorCount === 1 ? "donor" : "donors"}`);
    expect(page).toMatch(/\d+ days left|Ended /);
    // The equipment as a priced table with its total: the goal.
    expect(page).toMatch(/<th scope="row">Goal<\/th><td>\$3,718<\/td>/);
  });

  it("counts donors by e-mail, confirmed donations only", async () => {
    const before = (await summary()).donorCount;
    const first = await donate({ preset: "5", email: "twice@example.com" });
    await deliverWebhook(await succeededEvent(first.body.donationId));
    const second = await donate({ preset: "50", email: "twice@example.com" });
    await deliverWebhook(await succeededEvent(second.body.donationId));
    await donate({ preset: "25", email: "pending-only@example.com" });
    expect((await summary()).donorCount).toBe(before + 1);
  });
});
