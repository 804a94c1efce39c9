// The live protocol's fold of snapshots and deltas (what every watcher of an item shows).
import { describe, expect, it } from "vitest";
import {
  applyServerMessage,
  type DeltaMessage,
  HISTORY_LENGTH,
  type HistoryEntry,
  type StateMessage,
} from "./bid-item";
import { parseServerMessage } from "./bid-item-schema";

const line = (id: number): HistoryEntry => ({
  id,
  amountCents: 100 + id,
  at: 1_790_000_000_000 + id,
  bidder: "j***3",
  tag: `t${id}`,
  auto: false,
});
const snapshot = (version: number, ids: number[]): StateMessage => ({
  type: "state",
  item: {
    shortCode: "ABC123",
    title: "Ribbon mic",
    priceCents: 100 + (ids[0] ?? 0),
    status: "open",
    endsAt: null,
    version,
    bids: ids.length,
    leader: null,
  },
  history: ids.map(line),
});
const delta = (from: number, version: number, ids: number[]): DeltaMessage => ({
  type: "delta",
  v: 1,
  from,
  item: {
    shortCode: "ABC123",
    priceCents: 100 + (ids[0] ?? 0),
    status: "open",
    endsAt: null,
    version,
    bids: ids[0] ?? 0,
    leader: "t",
  },
  history: ids.map(line),
});

describe("applyServerMessage", () => {
  it("applies a delta from the version the watcher knows: the moved fields, the new bids on top, the title kept", () => {
    const { view, sync } = applyServerMessage(snapshot(3, [2, 1]), delta(3, 4, [3]));
    expect(sync).toBe(false);
    expect(view!.item).toMatchObject({ title: "Ribbon mic", priceCents: 103, version: 4, leader: "t" });
    expect(view!.history.map((h) => h.id)).toEqual([3, 2, 1]);
  });

  it("applies a delta that overlaps what the watcher knows (a snapshot on connect newer than the delta's start) without repeating a bid", () => {
    const { view, sync } = applyServerMessage(snapshot(5, [3, 2, 1]), delta(3, 6, [4, 3]));
    expect(sync).toBe(false);
    expect(view!.history.map((h) => h.id)).toEqual([4, 3, 2, 1]);
  });

  it("keeps the newest HISTORY_LENGTH bids", () => {
    const known = snapshot(
      10,
      Array.from({ length: HISTORY_LENGTH }, (_, i) => HISTORY_LENGTH - i),
    );
    const { view } = applyServerMessage(known, delta(10, 11, [12, 11]));
    expect(view!.history.map((h) => h.id)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
  });

  it("ignores an older or repeated delta and an older snapshot (never goes backwards)", () => {
    const known = snapshot(5, [3]);
    expect(applyServerMessage(known, delta(3, 5, [3]))).toEqual({ view: known, sync: false });
    expect(applyServerMessage(known, snapshot(4, [2]))).toEqual({ view: known, sync: false });
  });

  it("asks for a snapshot on a gap (a delta starting after what the watcher knows) or before any snapshot", () => {
    const known = snapshot(5, [3]);
    expect(applyServerMessage(known, delta(6, 7, [5]))).toEqual({ view: known, sync: true });
    expect(applyServerMessage(null, delta(6, 7, [5]))).toEqual({ view: null, sync: true });
  });

  it("a snapshot replaces what the watcher knew", () => {
    const fresh = snapshot(9, [7, 6]);
    expect(applyServerMessage(snapshot(5, [3]), fresh)).toEqual({ view: fresh, sync: false });
  });

  it("reads only the delta version it knows", () => {
    const frame = JSON.stringify(delta(3, 4, [3]));
    expect(parseServerMessage(frame)?.type).toBe("delta");
    expect(parseServerMessage(frame.replace('"v":1', '"v":2'))).toBeNull();
  });
});
