// The overview's 30-day trends against a hand count: days with no rows give 0, the window's edges
// (the start of the UTC day 29 days back, the 30 days before it) fall where they should.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../../../tests/workers/http";
import { database } from "../../db/client";
import { donations, orders, projects, users } from "../../db/schema";
import { makeDeps } from "../deps";
import { adminOverview } from "./summary";
import { adminTrends, TREND_DAYS } from "./trends";

const db = database(env.DB);
const DAY = 24 * 60 * 60 * 1000;
// Afternoon of a day years away, so rows other tests add (dated now) fall outside its window.
const TODAY = Date.UTC(2031, 2, 31);
const NOW = TODAY + 15 * 60 * 60 * 1000;
const deps = () => ({ ...makeDeps(env, "http://localhost"), now: () => NOW });
/** The start of the day `n` days before today. */
const daysAgo = (n: number) => TODAY - n * DAY;

let ownerId: string;

beforeAll(async () => {
  ownerId = (await signUp()).user.id;
});

const project = (at: number) => ({ id: crypto.randomUUID(), userId: ownerId, title: "T", createdAt: new Date(at) });
const user = (at: number) => {
  const id = crypto.randomUUID();
  return {
    id,
    name: "N",
    username: `u${id.slice(0, 8)}`,
    email: `${id}@example.com`,
    passwordHash: "x",
    createdAt: new Date(at),
  };
};

describe("admin trends", () => {
  it("counts each UTC day of the last 30, 0 where nothing happened, and the 30 before apart", async () => {
    await db.insert(projects).values([
      project(NOW), // today
      project(TODAY), // today, its first millisecond
      project(daysAgo(TREND_DAYS - 1)), // the window's first millisecond: the oldest day shown
      project(daysAgo(TREND_DAYS - 1) - 1), // a millisecond earlier: the 30 days before
      project(daysAgo(2 * TREND_DAYS - 1)), // the first millisecond of the 30 days before
      project(daysAgo(2 * TREND_DAYS - 1) - 1), // older still: in neither
      project(TODAY + DAY), // tomorrow: in neither
    ]);
    await db.insert(users).values([user(daysAgo(3)), user(daysAgo(3) + 5), user(daysAgo(40))]);

    const trends = await adminTrends(deps());
    expect(trends.projects.days).toHaveLength(TREND_DAYS);
    expect(trends.projects.days[TREND_DAYS - 1]).toBe(2);
    expect(trends.projects.days[0]).toBe(1);
    expect(trends.projects.days.slice(1, -1).every((n) => n === 0)).toBe(true);
    expect(trends.projects).toMatchObject({ total: 3, previous: 2 });

    const expectedUsers = new Array(TREND_DAYS).fill(0);
    expectedUsers[TREND_DAYS - 1 - 3] = 2;
    expect(trends.users).toEqual({ days: expectedUsers, total: 2, previous: 1 });
    // Nothing in the window: thirty zeros, not an empty list.
    expect(trends.files).toEqual({ days: new Array(TREND_DAYS).fill(0), total: 0, previous: 0 });
  });

  it("adds money by the day it was paid: sales less refunds plus donations for revenue", async () => {
    const order = (
      id: string,
      status: "paid" | "refunded" | "pending",
      amount: number,
      refunded: number,
      paidAt: number | null,
      createdAt: number,
    ) => ({
      id,
      userId: ownerId,
      number: `CP-T-${id}`,
      status,
      amountCents: amount,
      refundedCents: refunded,
      provider: "test" as const,
      paidAt: paidAt === null ? null : new Date(paidAt),
      createdAt: new Date(createdAt),
    });
    const tag = crypto.randomUUID().slice(0, 8);
    await db.insert(orders).values([
      order(`${tag}1`, "paid", 1000, 0, daysAgo(1) + 10, daysAgo(5)), // counted on its paid day
      order(`${tag}2`, "refunded", 500, 500, daysAgo(1) + 20, daysAgo(1)),
      order(`${tag}3`, "pending", 9999, 0, null, daysAgo(1)), // never paid
      order(`${tag}4`, "paid", 300, 100, null, daysAgo(35)), // no paid date: its creation day
    ]);
    await db.insert(donations).values([
      {
        id: `${tag}d1`,
        amountCents: 250,
        status: "succeeded",
        email: "d@example.com",
        createdAt: new Date(daysAgo(9)),
        confirmedAt: new Date(daysAgo(1)),
      },
      { id: `${tag}d2`, amountCents: 4000, status: "failed", email: "d@example.com", createdAt: new Date(daysAgo(1)) },
    ]);

    const { trends } = await adminOverview(deps());
    const yesterday = TREND_DAYS - 2;
    expect(trends.store.days[yesterday]).toBe(1500);
    expect(trends.store.days[TREND_DAYS - 1 - 5]).toBe(0);
    expect(trends.store).toMatchObject({ total: 1500, previous: 300 });
    expect(trends.donations).toMatchObject({ total: 250, previous: 0 });
    expect(trends.donations.days[yesterday]).toBe(250);
    // 1000 + (500 − 500) + 250 yesterday; 300 − 100 in the 30 days before.
    expect(trends.revenue.days[yesterday]).toBe(1250);
    expect(trends.revenue).toMatchObject({ total: 1250, previous: 200 });
  });
});
