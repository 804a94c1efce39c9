// The BidItem Durable Object: concurrent offers serialised (none lost, none accepted below a
// price it raced with), soft close by alarm, the D1 write-through that is never lost, and the
// live sockets that every change is pushed to.
import { runDurableObjectAlarm, runInDurableObject, SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { DeltaMessage, StateMessage } from "../../../app/kernel/protocols/bid-item";

import { OFFER_TOO_LOW } from "../../../app/kernel/schemas/auction";
import { auctionAdmin, bidder, offer, bidItemStub as stub, watchItem } from "../../../tests/workers/auction";
import { expectConsoleError } from "../../../tests/workers/console";
import { call } from "../../../tests/workers/http";
import { database } from "../../db/client";
import { bidItems } from "../../db/schema";
import type { Bidder, BidItem } from "./bid-item";

const db = database(env.DB);
const admin = auctionAdmin({ title: "Vintage mic", description: "Works" });
const createItem = (price = 10, extra: Record<string, unknown> = {}) => admin.list({ price, ...extra });
const objectBidder = (name: string): Bidder => ({
  userId: `id-${name}`,
  username: name,
  email: `${name}@example.com`,
  tag: `tag-${name}`,
});
const ann = objectBidder("ann");
const bob = objectBidder("bob");

describe("concurrent offers", () => {
  it("serialises 200 offers: accepted amounts strictly increase, the final price is the highest, every refusal says why", async () => {
    const code = await createItem(1);
    const bidders = await Promise.all(Array.from({ length: 5 }, bidder));
    const amounts = Array.from({ length: 200 }, (_, i) => 2 + ((i * 37) % 150) + (i % 3 === 0 ? 0 : 0.5));
    const responses = await Promise.all(amounts.map((amount, i) => offer(code, amount, bidders[i % 5]!.cookie)));
    const bodies = await Promise.all(responses.map((r) => r.json<any>()));

    const accepted = bodies.filter((b) => b.success);
    const refused = bodies.filter((b) => !b.success);
    expect(accepted.length + refused.length).toBe(200);
    expect(refused.every((b) => b.error.code === "TOO_LOW" && b.error.message === OFFER_TOO_LOW)).toBe(true);

    const stored = await stub(code).offers();
    expect(stored).toHaveLength(accepted.length);
    for (let i = 1; i < stored.length; i++) expect(stored[i]!.amountCents).toBeGreaterThan(stored[i - 1]!.amountCents);
    const highest = Math.max(...amounts.map((a) => Math.round(a * 100)));
    expect((await stub(code).state())!.priceCents).toBe(highest);
    const [row] = await db.select().from(bidItems).where(eq(bidItems.shortCode, code));
    expect(row!.priceCents).toBe(highest);
  });

  it("accepts exactly one of many equal offers", async () => {
    const code = await createItem(1);
    const member = await bidder();
    const responses = await Promise.all(Array.from({ length: 20 }, () => offer(code, 50, member.cookie)));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
  });
});

describe("soft close and the alarm", () => {
  it("an offer in a sale's last 2 minutes leaves 2 minutes after it, and the alarm closes it at the end", async () => {
    const endsAt = new Date(Date.now() + 60_000).toISOString();
    const code = await createItem(1, { endsAt });
    const member = await bidder();
    const before = Date.now();
    const response = await (await offer(code, 2, member.cookie)).json<any>();
    const after = Date.now();
    expect(response.item.endsAt).toBeGreaterThanOrEqual(before + 120_000);
    expect(response.item.endsAt).toBeLessThanOrEqual(after + 120_000);

    await runInDurableObject(stub(code), (_instance: BidItem, state) => {
      state.storage.sql.exec("UPDATE item SET ends_at = ?", Date.now() - 1);
    });
    expect(await runDurableObjectAlarm(stub(code))).toBe(true);
    expect((await stub(code).state())!.status).toBe("closed");
    const [row] = await db.select().from(bidItems).where(eq(bidItems.shortCode, code));
    expect(row!.status).toBe("closed");
  });

  it("late bids do not add up: each leaves the end at the later of the end and 2 minutes after the bid", async () => {
    const code = await createItem(1, { endsAt: new Date(Date.now() + 60 * 60_000).toISOString() });
    const t0 = Date.now();
    await runInDurableObject(stub(code), (_instance: BidItem, state) => {
      state.storage.sql.exec("UPDATE item SET ends_at = ?", t0 + 60_000);
    });
    const clock = vi.spyOn(Date, "now");
    try {
      // Three changes of leader, 10 s apart, a minute before the end: the sale ends 2 minutes after the
      // last (t0 + 2:20), not 6 minutes after the end (t0 + 7:00).
      const bids = [
        { at: t0, who: ann, cents: 2_00 },
        { at: t0 + 10_000, who: bob, cents: 3_00 },
        { at: t0 + 20_000, who: ann, cents: 4_00 },
      ];
      for (const { at, who, cents } of bids) {
        clock.mockReturnValue(at);
        const outcome = await stub(code).offer(who, cents);
        expect(outcome).toMatchObject({ ok: true, leading: true, item: { endsAt: at + 120_000 } });
      }
      // The end never moves backwards: after a clock stepped back 10 minutes, a change of leader
      // (with, by that clock, more than 2 minutes left) leaves the end where it is.
      clock.mockReturnValue(t0 - 10 * 60_000);
      expect(await stub(code).offer(bob, 5_00)).toMatchObject({
        ok: true,
        leading: true,
        item: { endsAt: t0 + 140_000 },
      });
      expect(await runInDurableObject(stub(code), () => Date.now())).toBe(t0 - 10 * 60_000);
    } finally {
      clock.mockRestore();
    }
    expect((await stub(code).state())!.endsAt).toBe(t0 + 140_000);
  });

  it("retries a failed write-through until D1 has the change", async () => {
    expectConsoleError(/write-through of .+ failed; retrying/);
    const code = await createItem(1);
    await runInDurableObject(stub(code), async (instance: BidItem) => {
      const realDb = env.DB;
      Object.defineProperty(instance, "env", {
        value: {
          ...env,
          DB: {
            prepare: () => {
              throw new Error("D1 is down");
            },
          },
        },
        configurable: true,
      });
      const outcome = await instance.offer({ userId: "u", username: "u", email: "u@example.com", tag: "t" }, 777);
      expect(outcome.ok).toBe(true);
      Object.defineProperty(instance, "env", { value: { ...env, DB: realDb }, configurable: true });
    });
    const [stale] = await db.select().from(bidItems).where(eq(bidItems.shortCode, code));
    expect(stale!.priceCents).toBe(100);
    expect(await runDurableObjectAlarm(stub(code))).toBe(true);
    const [fresh] = await db.select().from(bidItems).where(eq(bidItems.shortCode, code));
    expect(fresh!.priceCents).toBe(777);
  });
});

describe("live prices", () => {
  it("pushes the new price and the close to every watcher at once: a snapshot on connect, then small deltas", async () => {
    const code = await createItem(1);
    const member = await bidder();
    const response = await SELF.fetch(`http://localhost/api/bid-items/${code}/live`, {
      headers: { upgrade: "websocket" },
    });
    expect(response.status).toBe(101);
    const ws = response.webSocket!;
    const next = () =>
      new Promise<string>((resolve) =>
        ws.addEventListener("message", (e) => resolve(e.data as string), { once: true }),
      );
    ws.accept();
    let waiting = next();
    const snapshot = JSON.parse(await waiting) as StateMessage;
    expect(snapshot).toMatchObject({ type: "state", item: { shortCode: code, priceCents: 100, status: "open" } });

    waiting = next();
    await offer(code, 3, member.cookie);
    const raw = await waiting;
    const delta = JSON.parse(raw) as DeltaMessage;
    expect(delta).toMatchObject({
      type: "delta",
      v: 1,
      from: snapshot.item.version,
      item: { shortCode: code, priceCents: 300, bids: 1, version: snapshot.item.version + 1 },
    });
    // The one new bid, not the item's title or earlier bids.
    expect(delta.history.map((h) => h.amountCents)).toEqual([300]);
    expect(raw).not.toContain("Vintage mic");

    waiting = next();
    await call(`/api/bid-items/${code}/close`, { cookie: admin.cookie, method: "POST" });
    const closed = JSON.parse(await waiting) as DeltaMessage;
    expect(closed).toMatchObject({ type: "delta", from: delta.item.version, item: { status: "closed" }, history: [] });
    ws.close();
  });

  it("a delta is the change, not the whole state: ten bids later the frame is as small as the first one's", async () => {
    const code = await createItem(1);
    const member = await bidder();
    const watcher = await watch(code);
    const frameAfter = async (amount: number) => {
      const before = watcher.frames.length;
      expect((await offer(code, amount, member.cookie)).status).toBe(201);
      await watcher.until((m) => m.item.priceCents === amount * 100);
      return watcher.frames.slice(before).find((f) => f.includes(`"priceCents":${amount * 100},`))!;
    };
    const first = await frameAfter(2);
    for (let amount = 3; amount < 12; amount++) await frameAfter(amount);
    const eleventh = await frameAfter(12);
    // A few digits more (price, bid count, ids, versions), not ~100 bytes more per bid in the history.
    expect(eleventh.length).toBeLessThanOrEqual(first.length + 10);
    // What the watcher shows is still the whole history: the newest ten bids.
    expect(watcher.seen.at(-1)!.history.map((h) => h.amountCents)).toEqual(
      Array.from({ length: 10 }, (_, i) => (12 - i) * 100),
    );
    expect(watcher.syncs()).toBe(0);
    watcher.ws.close();
  });

  it("a watcher that missed a delta sees the gap, asks for a snapshot and catches up", async () => {
    const code = await createItem(1);
    const member = await bidder();
    const watcher = await watch(code);
    await watcher.until(() => true);
    // The object forgets what it told: its next delta starts after the version this watcher knows.
    await runInDurableObject(stub(code), (instance: BidItem) => {
      const told = (instance as unknown as { told: { version: number; offerId: number } }).told;
      told.version += 1;
    });
    expect((await offer(code, 5, member.cookie)).status).toBe(201);
    const seen = await watcher.until((m) => m.item.priceCents === 500);
    expect(watcher.syncs()).toBe(1);
    expect(seen.at(-1)!.history.map((h) => h.amountCents)).toEqual([500]);
    watcher.ws.close();
  });

  it("after a burst of offers, every watcher ends on the final state, never going back a version", async () => {
    const code = await createItem(1);
    const member = await bidder();
    const watchers = await Promise.all([0, 1, 2].map(() => watch(code)));
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => offer(code, 2 + i, member.cookie)));
    expect(answers.some((a) => a.status === 201)).toBe(true);
    const final = (await stub(code).state())!;
    for (const watcher of watchers) {
      const seen = await watcher.until((m) => m.item.version === final.version);
      const versions = seen.map((m) => m.item.version);
      expect(versions).toEqual([...versions].sort((a, b) => a - b));
      expect(new Set(versions).size).toBe(versions.length);
      expect(seen.at(-1)!.item).toEqual(final);
      watcher.ws.close();
    }
  });

  it("reaches every watcher when a broadcast spans several turns", async () => {
    const code = await createItem(1);
    const member = await bidder();
    const watchers = await Promise.all([0, 1, 2, 3, 4].map(() => watch(code)));
    await Promise.all(watchers.map((w) => w.until(() => true)));
    await runInDurableObject(stub(code), (instance: BidItem) => {
      (instance.constructor as typeof BidItem).broadcastSlice = 2;
    });
    try {
      expect((await offer(code, 4, member.cookie)).status).toBe(201);
      for (const watcher of watchers) {
        const seen = await watcher.until((m) => m.item.priceCents === 400);
        expect(seen.at(-1)!.item.priceCents).toBe(400);
        watcher.ws.close();
      }
    } finally {
      await runInDurableObject(stub(code), (instance: BidItem) => {
        (instance.constructor as typeof BidItem).broadcastSlice = 250;
      });
    }
  });
});

/** A visitor watching an item (no `you` messages: the item's state after each snapshot or delta). */
const watch = (code: string) => watchItem<StateMessage>(code);

describe("live sockets", () => {
  it("exist only for listed items", async () => {
    const response = await SELF.fetch("http://localhost/api/bid-items/NOSUCH/live", {
      headers: { upgrade: "websocket" },
    });
    expect(response.status).toBe(404);
  });

  it("agree to no extension: a watcher offering permessage-deflate (as browsers do) is answered without it and gets its state", async () => {
    const code = await createItem(3);
    const response = await SELF.fetch(`http://localhost/api/bid-items/${code}/live`, {
      headers: { upgrade: "websocket", "sec-websocket-extensions": "permessage-deflate; client_max_window_bits" },
    });
    expect(response.status).toBe(101);
    // The header workerd negotiates from (ADR 028) names no permessage-deflate setting to agree on.
    expect(response.headers.get("sec-websocket-extensions") ?? "").not.toMatch(/permessage-deflate/i);
    const ws = response.webSocket!;
    const first = new Promise<StateMessage>((resolve) =>
      ws.addEventListener("message", (e) => resolve(JSON.parse(e.data as string)), { once: true }),
    );
    ws.accept();
    expect((await first).item).toMatchObject({ shortCode: code, priceCents: 300 });
    ws.close();
  });

  it("answer a plain GET (no WebSocket upgrade) with a JSON 426 (issue 13 item 6)", async () => {
    const code = await createItem(3);
    const response = await call(`/api/bid-items/${code}/live`);
    expect(response.status).toBe(426);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json<any>()).toMatchObject({ error: { code: "upgrade_required" } });
  });
});
