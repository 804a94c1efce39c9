// The proxy-bidding rule on its own (ADR 038): what one bid does to the price and the leader.
import { describe, expect, it } from "vitest";
import {
  incrementAt,
  MAXIMUM_NOT_ABOVE_OWN,
  maskName,
  nextBidCents,
  OFFER_TOO_LOW,
} from "../../../app/kernel/schemas/auction";
import { proxyBid } from "./proxy";

describe("the increment table", () => {
  it("steps by $1 under $25, $2.50 to $100, $5 to $250, $10 to $1,000, $25 above", () => {
    expect([0, 2499, 2500, 9999, 10000, 24999, 25000, 99999, 100000, 5_000_000].map(incrementAt)).toEqual([
      100, 100, 250, 250, 500, 500, 1000, 1000, 2500, 2500,
    ]);
    expect(nextBidCents(2400)).toBe(2500);
    expect(nextBidCents(2500)).toBe(2750);
  });

  it("masks a name to its first and last character", () => {
    expect(maskName("jonas3")).toBe("j***3");
    expect(maskName("a")).toBe("a***");
    expect(maskName("")).toBe("***");
  });
});

describe("proxyBid", () => {
  it("a first maximum opens one increment above the price, capped at the maximum", () => {
    expect(proxyBid(1000, null, "ann", 5000, "maximum")).toMatchObject({
      ok: true,
      priceCents: 1100,
      leaderId: "ann",
      leaderMaxCents: 5000,
    });
    expect(proxyBid(1000, null, "ann", 1050, "maximum")).toMatchObject({ ok: true, priceCents: 1050 });
  });

  it("a plain offer is placed at its amount (the seed's rule: the price becomes the offer)", () => {
    expect(proxyBid(1000, null, "ann", 1500, "offer")).toMatchObject({
      ok: true,
      priceCents: 1500,
      leaderMaxCents: 1500,
    });
  });

  it("a new higher maximum leads at the old leader's maximum plus one increment", () => {
    const leader = { id: "ann", maxCents: 5000 };
    expect(proxyBid(1100, leader, "bob", 9000, "maximum")).toMatchObject({
      ok: true,
      priceCents: 5250,
      leaderId: "bob",
      leaderMaxCents: 9000,
      bidCents: 5250,
      autoCents: null,
    });
    // capped at the new leader's own maximum
    expect(proxyBid(1100, leader, "bob", 5100, "maximum")).toMatchObject({ priceCents: 5100, leaderId: "bob" });
  });

  it("a lower maximum or offer is answered at once by the leader's maximum: one increment above it", () => {
    const leader = { id: "ann", maxCents: 5000 };
    expect(proxyBid(1100, leader, "bob", 3000, "offer")).toMatchObject({
      ok: true,
      priceCents: 3250,
      leaderId: "ann",
      bidCents: 3000,
      autoCents: 3250,
    });
    // capped at the leader's maximum
    expect(proxyBid(1100, leader, "bob", 4900, "maximum")).toMatchObject({ priceCents: 5000, autoCents: 5000 });
  });

  it("two equal maximums: the earlier leads, at that maximum", () => {
    expect(proxyBid(1100, { id: "ann", maxCents: 5000 }, "bob", 5000, "maximum")).toMatchObject({
      ok: true,
      priceCents: 5000,
      leaderId: "ann",
      bidCents: 5000,
      autoCents: 5000,
    });
  });

  it("refuses a maximum at or below the price with the seed's message", () => {
    expect(proxyBid(1100, null, "ann", 1100, "maximum")).toEqual({ ok: false, message: OFFER_TOO_LOW });
    expect(proxyBid(1100, { id: "ann", maxCents: 5000 }, "bob", 900, "maximum")).toEqual({
      ok: false,
      message: OFFER_TOO_LOW,
    });
  });

  it("the leader raising their own maximum moves no price; lowering it is refused", () => {
    const leader = { id: "ann", maxCents: 5000 };
    expect(proxyBid(1100, leader, "ann", 8000, "maximum")).toMatchObject({
      ok: true,
      priceCents: 1100,
      leaderMaxCents: 8000,
      bidCents: null,
    });
    expect(proxyBid(1100, leader, "ann", 4000, "maximum")).toEqual({ ok: false, message: MAXIMUM_NOT_ABOVE_OWN });
  });
});
