// Maximum (proxy) bids in the BidItem object (ADR 038): the rules inside its check-and-write,
// soft close on a proxy move, a closed sale, 300 concurrent bids replayed, the members' private
// maximums on their own sockets, and the outbid and won e-mails.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type BidMode, incrementAt, MAXIMUM_NOT_ABOVE_OWN, OFFER_TOO_LOW } from "../../../app/kernel/schemas/auction";
import { auctionAdmin, bidder, bidItemStub as stub, watchItem } from "../../../tests/workers/auction";
import { call } from "../../../tests/workers/http";
import { database } from "../../db/client";
import { bidItems, devOutbox } from "../../db/schema";
import type { Bidder, BidItem } from "./bid-item";

const db = database(env.DB);
const admin = auctionAdmin({ title: "Ribbon mic", description: "Boxed" });
const createItem = (price = 10, extra: Record<string, unknown> = {}) => admin.list({ price, ...extra });

const member = (name: string): Bidder => ({
  userId: `id-${name}`,
  username: name,
  email: `${name}@example.com`,
  tag: `tag-${name}`,
});
const ann = member("ann1");
const bob = member("bob2");
const cat = member("cat3");

describe("maximum bids in the object", () => {
  it("bids for the leader up to their maximum: a lower offer is outbid at once, one increment above it", async () => {
    const code = await createItem(10);
    const item = stub(code);
    const first = await item.offer(ann, 50_00, "maximum");
    expect(first).toMatchObject({
      ok: true,
      leading: true,
      maxCents: 50_00,
      item: { priceCents: 11_00, leader: ann.tag, bids: 1 },
    });

    const second = await item.offer(bob, 30_00, "offer");
    expect(second).toMatchObject({ ok: true, leading: false, item: { priceCents: 32_50, leader: ann.tag, bids: 3 } });

    const third = await item.offer(cat, 80_00, "maximum");
    expect(third).toMatchObject({ ok: true, leading: true, item: { priceCents: 52_50, leader: cat.tag, bids: 4 } });
    // The history shows bids, never a maximum; the admin sees the maximums.
    const history = await item.history();
    expect(history.map((h) => [h.amountCents, h.bidder, h.auto])).toEqual([
      [52_50, "c***3", false],
      [32_50, "a***1", true],
      [30_00, "b***2", false],
      [11_00, "a***1", false],
    ]);
    expect((await item.offers()).map((o) => [o.kind, o.amountCents, o.maxCents])).toEqual([
      ["maximum", 11_00, 50_00],
      ["offer", 30_00, 30_00],
      ["auto", 32_50, 50_00],
      ["maximum", 52_50, 80_00],
    ]);
  });

  it("two equal maximums: the earlier one leads, at that amount", async () => {
    const code = await createItem(10);
    await stub(code).offer(ann, 40_00, "maximum");
    const tie = await stub(code).offer(bob, 40_00, "maximum");
    expect(tie).toMatchObject({ ok: true, leading: false, item: { priceCents: 40_00, leader: ann.tag } });
  });

  it("refuses a maximum below or equal to the price with the seed's message, and a leader's lower maximum", async () => {
    const code = await createItem(10);
    expect(await stub(code).offer(ann, 9_00, "maximum")).toMatchObject({
      ok: false,
      code: "TOO_LOW",
      message: OFFER_TOO_LOW,
    });
    expect(await stub(code).offer(ann, 10_00, "maximum")).toMatchObject({
      ok: false,
      code: "TOO_LOW",
      message: OFFER_TOO_LOW,
    });
    await stub(code).offer(ann, 30_00, "maximum");
    expect(await stub(code).offer(ann, 20_00, "maximum")).toMatchObject({ ok: false, message: MAXIMUM_NOT_ABOVE_OWN });
    // Raising one's own maximum is private: no price move, no bid in the history.
    const raised = await stub(code).offer(ann, 60_00, "maximum");
    expect(raised).toMatchObject({ ok: true, leading: true, maxCents: 60_00, item: { priceCents: 11_00, bids: 1 } });
    expect(await stub(code).history()).toHaveLength(1);
  });

  it("a proxy move in the last two minutes extends the sale; a private raise does not", async () => {
    const code = await createItem(10, { endsAt: new Date(Date.now() + 60 * 60_000).toISOString() });
    await stub(code).offer(ann, 50_00, "maximum");
    const endsAt = Date.now() + 60_000;
    await runInDurableObject(stub(code), (_: BidItem, state) => {
      state.storage.sql.exec("UPDATE item SET ends_at = ?", endsAt);
    });
    const raise = await stub(code).offer(ann, 70_00, "maximum");
    expect(raise).toMatchObject({ ok: true, item: { endsAt } });
    // Bob's offer is answered by Ann's maximum: the leader stays, the price moves, the end moves.
    const before = Date.now();
    const answered = await stub(code).offer(bob, 20_00, "offer");
    expect(answered).toMatchObject({ ok: true, leading: false, item: { priceCents: 21_00 } });
    // Two minutes after the bid (ADR 006), not two minutes added to the end.
    expect(answered.ok && answered.item!.endsAt).toBeGreaterThanOrEqual(before + 120_000);
    expect(answered.ok && answered.item!.endsAt).toBeLessThanOrEqual(Date.now() + 120_000);
  });

  it("a closed sale refuses every bid and closes on the leader at the price", async () => {
    const code = await createItem(10, { endsAt: new Date(Date.now() + 60 * 60_000).toISOString() });
    await stub(code).offer(ann, 50_00, "maximum");
    await stub(code).offer(bob, 25_00, "maximum");
    await runInDurableObject(stub(code), (_: BidItem, state) => {
      state.storage.sql.exec("UPDATE item SET ends_at = ?", Date.now() - 1);
    });
    expect(await runDurableObjectAlarm(stub(code))).toBe(true);
    const closed = (await stub(code).state())!;
    // Bob's $25 maximum is answered at $25 + $2.50 (the step from $25 up), below Ann's $50.
    expect(closed).toMatchObject({ status: "closed", leader: ann.tag, priceCents: 27_50 });
    expect(await stub(code).offer(cat, 99_00, "maximum")).toMatchObject({ ok: false, code: "SALE_CLOSED" });
    const [row] = await db.select().from(bidItems).where(eq(bidItems.shortCode, code));
    expect(row).toMatchObject({ status: "closed", priceCents: 27_50, bidCount: 3 });
  });
});

/** The rules, replayed one bid after another in the order the object accepted them. */
function replay(startCents: number, bids: { who: string; cents: number; kind: string }[]) {
  let price = startCents;
  let leader: string | null = null;
  let top = 0;
  for (const bid of bids) {
    const plain = bid.kind === "offer";
    if (bid.who === leader) {
      if (plain) price = bid.cents;
      top = Math.max(top, bid.cents);
    } else if (leader === null || bid.cents > top) {
      const floor = leader === null ? price + incrementAt(price) : top + incrementAt(top);
      price = plain ? bid.cents : Math.min(bid.cents, floor);
      leader = bid.who;
      top = bid.cents;
    } else {
      price = Math.min(top, bid.cents + incrementAt(bid.cents));
    }
  }
  return { price, leader };
}

describe("300 concurrent offers and maximums from 20 members", () => {
  it("end on the price the rules give for the recorded bids in acceptance order; none lost; each change broadcast at most once, in order", async () => {
    const code = await createItem(1);
    const watcher = await watchItem(code);
    const members = Array.from({ length: 20 }, (_, i) => member(`m${i}x`));
    const bids = Array.from({ length: 300 }, (_, i) => ({
      who: members[(i * 7) % 20]!,
      cents: 150 + ((i * 7919) % 40_000),
      mode: (i % 3 === 0 ? "offer" : "maximum") as BidMode,
    }));
    const outcomes = await Promise.all(bids.map((b) => stub(code).offer(b.who, b.cents, b.mode)));
    const accepted = outcomes.filter((o) => o.ok);
    expect(outcomes.filter((o) => !o.ok).every((o) => !o.ok && o.code === "TOO_LOW")).toBe(true);

    const recorded = await stub(code).offers();
    const submitted = recorded.filter((o) => o.kind !== "auto");
    expect(submitted).toHaveLength(accepted.length);
    expect(new Set(submitted.map((o) => o.id))).toEqual(new Set(accepted.map((o) => o.ok && o.offerId)));
    const expected = replay(
      100,
      submitted.map((o) => ({ who: o.userId, cents: o.maxCents, kind: o.kind })),
    );
    const final = (await stub(code).state())!;
    expect(final.priceCents).toBe(expected.price);
    expect(final.leader).toBe(`tag-${expected.leader!.slice(3)}`);
    expect(final.bids).toBe(recorded.filter((o) => o.kind !== "raise").length);

    const seen = await watcher.until((m) => m.type === "state" && m.item.version === final.version);
    const versions = seen.flatMap((m) => (m.type === "state" ? [m.item.version] : []));
    expect(versions).toEqual([...new Set(versions)].sort((a, b) => a - b));
    watcher.ws.close();
    const [row] = await db.select().from(bidItems).where(eq(bidItems.shortCode, code));
    expect(row!.priceCents).toBe(expected.price);
  });
});

const bid = (code: string, cookie: string, amount: number, mode: BidMode) =>
  call(`/api/bid-items/${code}/offers`, { cookie, json: { amount, mode } });

/** The auction's e-mails to one address (not the sign-up's code), newest first. */
const mailsTo = async (to: string) =>
  (await db.select().from(devOutbox).where(eq(devOutbox.to, to)).orderBy(desc(devOutbox.id))).filter((m) =>
    /outbid|You won/.test(m.subject),
  );

describe("two members through the API", () => {
  it("the maximum is private: its member's sockets get it, others see only the price; the outbid member is e-mailed once per 10 minutes; the winner when it closes", async () => {
    const code = await createItem(10);
    const [first, second] = await Promise.all([bidder(), bidder()]);
    const visitor = await watchItem(code);
    const own = await watchItem(code, first.cookie, { "x-bidder-tag": "forged" });

    const set = await bid(code, first.cookie, 50, "maximum");
    expect(set.status).toBe(201);
    expect(await set.json<any>()).toMatchObject({
      success: true,
      leading: true,
      maxCents: 50_00,
      item: { priceCents: 11_00 },
    });
    const mine = await own.until((m) => m.type === "you" && m.maxCents === 50_00);
    const you = mine.find((m) => m.type === "you")!;
    expect(you.type === "you" && you.tag).not.toBe("forged");

    const outbid = await (await bid(code, second.cookie, 20, "offer")).json<any>();
    expect(outbid).toMatchObject({ success: true, leading: false, item: { priceCents: 21_00 } });
    await visitor.until((m) => m.type === "state" && m.item.priceCents === 21_00);
    expect(JSON.stringify(visitor.seen)).not.toContain("5000");
    expect(visitor.seen.some((m) => m.type === "you")).toBe(false);

    expect((await bid(code, second.cookie, 60, "maximum")).status).toBe(201);
    await own.until((m) => m.type === "state" && m.item.leader !== (you.type === "you" ? you.tag : ""));
    const email = first.form.email as string;
    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 10_000 }).toBe(1);
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe("You've been outbid on Ribbon mic");
    expect(mail!.body).toContain(`/bidgallery?item=${code}`);

    // Outbid again within 10 minutes: no second e-mail.
    expect((await bid(code, first.cookie, 70, "maximum")).status).toBe(201);
    expect((await bid(code, second.cookie, 90, "maximum")).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo(email)).toHaveLength(1);

    await call(`/api/bid-items/${code}/close`, { cookie: admin.cookie, method: "POST" });
    const winner = second.form.email as string;
    await expect
      .poll(async () => (await mailsTo(winner)).map((m) => m.subject), { timeout: 10_000 })
      .toContain("You won Ribbon mic");
    visitor.ws.close();
    own.ws.close();
  });
});
