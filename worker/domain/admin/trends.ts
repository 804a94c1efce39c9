// The overview's 30-day trends: per UTC day over the last 60 days (the 30 shown and the 30 before,
// to compare), read from the timestamps the rows already carry, grouped by day in SQL. The queries
// ride in the overview's one batch; days with no rows are filled with 0 here.
import { and, count, gte, lt, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { donations, files, orders, projects, users } from "../../db/schema";
import type { Deps } from "../deps";

export const TREND_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface Trend {
  /** One value a UTC day, oldest first; the last is today. Counts, or cents for money. */
  days: number[];
  /** The sum of `days`. */
  total: number;
  /** The same sum over the 30 days before. */
  previous: number;
}

export const TREND_KEYS = ["users", "projects", "files", "revenue", "store", "donations"] as const;
export type TrendKey = (typeof TREND_KEYS)[number];
export type Trends = Record<TrendKey, Trend>;

/** The window: from the start of the UTC day 59 days before today to the end of today. */
export function trendWindow(now: number) {
  const today = Math.floor(now / DAY_MS);
  const first = today - 2 * TREND_DAYS + 1;
  return { first, from: first * DAY_MS, until: (today + 1) * DAY_MS };
}

type DayRow = { day: number; n: number };

const dayOf = (column: SQL | SQLiteColumn) => sql<number>`cast(${column} / ${DAY_MS} as integer)`.as("day");

function countsByDay(
  db: Deps["db"],
  table: typeof users | typeof projects | typeof files,
  from: number,
  until: number,
) {
  const at = table.createdAt;
  return db
    .select({ day: dayOf(at), n: count() })
    .from(table)
    .where(and(gte(at, new Date(from)), lt(at, new Date(until))))
    .groupBy(sql`day`);
}

/** The five grouped queries, for the caller's batch. */
export function trendQueries(db: Deps["db"], now: number) {
  const { from, until } = trendWindow(now);
  // A sale counts on the day it was paid; a donation on the day it was confirmed.
  const paid = sql`coalesce(${orders.paidAt}, ${orders.createdAt})`;
  const given = sql`coalesce(${donations.confirmedAt}, ${donations.createdAt})`;
  return [
    countsByDay(db, users, from, until),
    countsByDay(db, projects, from, until),
    countsByDay(db, files, from, until),
    db
      .select({
        day: dayOf(paid),
        n: sql<number>`coalesce(sum(${orders.amountCents}), 0)`,
        refunded: sql<number>`coalesce(sum(${orders.refundedCents}), 0)`,
      })
      .from(orders)
      .where(sql`${orders.status} in ('paid', 'refunded') and ${paid} >= ${from} and ${paid} < ${until}`)
      .groupBy(sql`day`),
    db
      .select({ day: dayOf(given), n: sql<number>`coalesce(sum(${donations.amountCents}), 0)` })
      .from(donations)
      .where(sql`${donations.status} = 'succeeded' and ${given} >= ${from} and ${given} < ${until}`)
      .groupBy(sql`day`),
  ] as const;
}

export type TrendRows = [DayRow[], DayRow[], DayRow[], (DayRow & { refunded: number })[], DayRow[]];

/** 60 daily values (0 where no row fell), split into the 30 shown and the total of the 30 before. */
export function series(rows: { day: number; n: number }[], first: number): Trend {
  const all = new Array<number>(2 * TREND_DAYS).fill(0);
  for (const row of rows) {
    const index = Number(row.day) - first;
    if (index >= 0 && index < all.length) all[index] = (all[index] ?? 0) + Number(row.n);
  }
  const days = all.slice(TREND_DAYS);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return { days, total: sum(days), previous: sum(all.slice(0, TREND_DAYS)) };
}

export function trendsOf([u, p, f, o, d]: TrendRows, now: number): Trends {
  const { first } = trendWindow(now);
  const store = o.map(({ day, n }) => ({ day, n: Number(n) }));
  // Revenue as the tile counts it: sales less what was paid back of them, plus donations.
  const revenue = [...o.map(({ day, n, refunded }) => ({ day, n: Number(n) - Number(refunded) })), ...d];
  return {
    users: series(u, first),
    projects: series(p, first),
    files: series(f, first),
    revenue: series(revenue, first),
    store: series(store, first),
    donations: series(d, first),
  };
}

/** The trends alone, in one round trip (the overview batches the same queries with its totals). */
export async function adminTrends(deps: Pick<Deps, "db" | "now">): Promise<Trends> {
  const now = deps.now();
  return trendsOf((await deps.db.batch(trendQueries(deps.db, now))) as unknown as TrendRows, now);
}
