// The BidItem object under faults (issue 48 item 4): restarted between offers (and while they are
// in flight), and a soft close decided across a clock step backwards.
import { abortAllDurableObjects, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { auctionAdmin, bidItemStub as stub } from "../../../tests/workers/auction";
import { database } from "../../db/client";
import { bidItems } from "../../db/schema";
import type { Bidder, BidItem } from "./bid-item";

const db = database(env.DB);
const admin = auctionAdmin({ title: "Tape echo", description: "Works" });
const objectBidder = (name: string): Bidder => ({
  userId: `id-${name}`,
  username: name,
  email: `${name}@example.com`,
  tag: `tag-${name}`,
});
const [ann, bob, cat] = ["ann", "bob", "cat"].map(objectBidder) as [Bidder, Bidder, Bidder];

/** The item's object after a restart: every instance aborted, its in-memory state gone, storage kept. */
async function restarted(code: string) {
  await abortAllDurableObjects();
  return stub(code);
}

describe("a bid item's object restarted between offers", () => {
  it("keeps every accepted offer and the leader across a restart after each offer", async () => {
    const code = await admin.list({ price: 1 });
    const accepted: number[] = [];
    const rounds = [
      { who: ann, cents: 2_00 },
      { who: bob, cents: 3_00 },
      { who: ann, cents: 4_00 },
      { who: cat, cents: 5_00 },
    ];
    for (const { who, cents } of rounds) {
      const outcome = await stub(code).offer(who, cents);
      expect(outcome).toMatchObject({ ok: true, leading: true });
      if (outcome.ok) accepted.push(outcome.offerId);
      const state = await (await restarted(code)).state();
      expect(state).toMatchObject({ priceCents: cents, leader: who.tag, bids: accepted.length });
    }
    // A lower offer after a restart is refused: the leader stays, and so does the price.
    expect(await (await restarted(code)).offer(bob, 4_50)).toMatchObject({ ok: false, code: "TOO_LOW" });
    const after = await (await restarted(code)).state();
    expect(after).toMatchObject({ priceCents: 5_00, leader: cat.tag });
    expect((await stub(code).offers()).map((o) => o.id)).toEqual(accepted);
  });

  it("keeps every offer it answered as accepted when it is restarted twice in the middle of a stream of offers", async () => {
    const code = await admin.list({ price: 1 });
    const bidders = [ann, bob, cat];
    // Offers one after another, each on a fresh stub, while the object is restarted twice underneath them.
    const answers: Promise<Awaited<ReturnType<BidItem["offer"]>>>[] = [];
    const sending = (async () => {
      for (let i = 0; i < 60; i++) {
        const answer = stub(code).offer(bidders[i % 3]!, 2_00 + i * 50);
        answers.push(answer);
        await answer.catch(() => {});
      }
    })();
    for (const wait of [15, 30]) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      await abortAllDurableObjects();
    }
    await sending;
    const settled = await Promise.allSettled(answers);
    const acknowledged = settled.flatMap((s) => (s.status === "fulfilled" && s.value.ok ? [s.value.offerId] : []));
    expect(acknowledged.length).toBeGreaterThan(0);

    const stored = await stub(code).offers();
    const storedIds = new Set(stored.map((o) => o.id));
    for (const id of acknowledged) expect(storedIds.has(id), `offer ${id} was acknowledged`).toBe(true);
    // The leader is the holder of the highest stored offer, at its amount.
    const highest = stored.reduce((a, b) => (b.amountCents > a.amountCents ? b : a));
    expect(await stub(code).state()).toMatchObject({ priceCents: highest.amountCents, leader: highest.tag });
    // The object goes on from there: the next higher offer is accepted on top of it.
    const next = await stub(code).offer(ann, highest.amountCents + 1_00);
    expect(next).toMatchObject({ ok: true, leading: true, item: { priceCents: highest.amountCents + 1_00 } });
  });
});

describe("a soft close decided across a clock step", () => {
  it("never moves the end backwards when the clock steps back inside the last two minutes", async () => {
    const code = await admin.list({ price: 1, endsAt: new Date(Date.now() + 60 * 60_000).toISOString() });
    const t0 = Date.now();
    await runInDurableObject(stub(code), (_instance: BidItem, state) => {
      state.storage.sql.exec("UPDATE item SET ends_at = ?", t0 + 60_000);
    });
    const clock = vi.spyOn(Date, "now");
    try {
      // A bid 50 s into the last minute leaves the sale 2 minutes after itself.
      clock.mockReturnValue(t0 + 50_000);
      expect(await stub(code).offer(ann, 2_00)).toMatchObject({ ok: true, item: { endsAt: t0 + 170_000 } });
      // The clock steps back 5 s; a change of leader then, 2 minutes after which is before the end,
      // leaves the end where it is (not at the stepped-back bid + 2 minutes).
      clock.mockReturnValue(t0 + 45_000);
      expect(await stub(code).offer(bob, 3_00)).toMatchObject({ ok: true, item: { endsAt: t0 + 170_000 } });
      // And across a restart, by the stepped-back clock, the alarm does not close it early.
      const after = await restarted(code);
      clock.mockReturnValue(t0 + 160_000);
      await runDurableObjectAlarm(after);
      expect(await after.state()).toMatchObject({ status: "open", endsAt: t0 + 170_000, leader: bob.tag });
    } finally {
      clock.mockRestore();
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [row] = await db.select().from(bidItems).where(eq(bidItems.shortCode, code));
    expect(row!.endsAt?.getTime()).toBe(t0 + 170_000);
  });
});
