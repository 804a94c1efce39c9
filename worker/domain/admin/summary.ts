// The dashboard's totals (seed 001 §3 'Admin summary'), each one SQL aggregate in one batch:
// nothing is loaded row by row, so the cost does not grow with the app's size.
import { count, eq, sql } from "drizzle-orm";
import { donations, files, memberItems, orders, popups, projects, users } from "../../db/schema";
import type { Deps } from "../deps";
import { type TrendRows, type Trends, trendQueries, trendsOf } from "./trends";

export interface AdminSummary {
  totalUsers: number;
  totalProjects: number;
  totalFiles: number;
  /** Cents: store sales less refunds, plus donations. */
  totalRevenueCents: number;
  /** Cents charged for paid (and later refunded) store orders. */
  storeCents: number;
  /** Cents paid back of those orders. */
  refundedCents: number;
  /** Cents of succeeded donations. */
  donationCents: number;
  paidOrders: number;
}

export interface AdminOverview extends AdminSummary {
  pendingMemberItems: number;
  activePopup: string | null;
  /** Each tile's last 30 days beside the 30 before. */
  trends: Trends;
}

const SOLD = sql`${orders.status} in ('paid', 'refunded')`;

function totalsQueries(deps: Pick<Deps, "db">) {
  const { db } = deps;
  return [
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(projects),
    db.select({ n: count() }).from(files),
    // A refunded order keeps its row; what was paid back is counted apart.
    db
      .select({
        n: count(),
        cents: sql<number>`coalesce(sum(${orders.amountCents}), 0)`,
        refunded: sql<number>`coalesce(sum(${orders.refundedCents}), 0)`,
      })
      .from(orders)
      .where(SOLD),
    db
      .select({ cents: sql<number>`coalesce(sum(${donations.amountCents}), 0)` })
      .from(donations)
      .where(sql`${donations.status} = 'succeeded'`),
  ] as const;
}

type TotalsRows = readonly [
  { n: number }[],
  { n: number }[],
  { n: number }[],
  { n: number; cents: number; refunded: number }[],
  { cents: number }[],
];

function totalsOf([[u], [p], [f], [o], [d]]: TotalsRows): AdminSummary {
  const storeCents = Number(o?.cents ?? 0);
  const refundedCents = Number(o?.refunded ?? 0);
  const donationCents = Number(d?.cents ?? 0);
  return {
    totalUsers: u?.n ?? 0,
    totalProjects: p?.n ?? 0,
    totalFiles: f?.n ?? 0,
    totalRevenueCents: storeCents - refundedCents + donationCents,
    storeCents,
    refundedCents,
    donationCents,
    paidOrders: o?.n ?? 0,
  };
}

export async function adminSummary(deps: Pick<Deps, "db">): Promise<AdminSummary> {
  return totalsOf(await deps.db.batch(totalsQueries(deps)));
}

/** The overview section: the totals, their trends and what waits for the admin, in one round trip. */
export async function adminOverview(deps: Pick<Deps, "db" | "now">): Promise<AdminOverview> {
  const { db } = deps;
  const now = deps.now();
  const [u, p, f, o, d, [pending], [active], ...trendRows] = await db.batch([
    ...totalsQueries(deps),
    db.select({ n: count() }).from(memberItems).where(eq(memberItems.status, "pending")),
    db.select({ header: popups.header }).from(popups).where(eq(popups.active, true)).limit(1),
    ...trendQueries(db, now),
  ]);
  return {
    ...totalsOf([u, p, f, o, d]),
    pendingMemberItems: pending?.n ?? 0,
    activePopup: active ? active.header || "(no header)" : null,
    trends: trendsOf(trendRows as TrendRows, now),
  };
}
