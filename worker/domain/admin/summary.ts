// The dashboard's totals (seed 001 §3 'Admin summary'), each one SQL aggregate:
// nothing is loaded row by row, so the cost does not grow with the app's memory.
import { count, sql } from "drizzle-orm";
import { donations, files, orders, projects, users } from "../../db/schema";
import type { Deps } from "../deps";

export interface AdminSummary {
  totalUsers: number;
  totalProjects: number;
  totalFiles: number;
  /** Cents: paid orders (less what was refunded of them) plus succeeded donations. */
  totalRevenueCents: number;
}

export async function adminSummary(deps: Pick<Deps, "db">): Promise<AdminSummary> {
  const { db } = deps;
  const [[u], [p], [f], [o], [d]] = await db.batch([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(projects),
    db.select({ n: count() }).from(files),
    // A refunded order keeps its row; what was paid back is subtracted.
    db
      .select({ cents: sql<number>`coalesce(sum(${orders.amountCents} - ${orders.refundedCents}), 0)` })
      .from(orders)
      .where(sql`${orders.status} in ('paid', 'refunded')`),
    db
      .select({ cents: sql<number>`coalesce(sum(${donations.amountCents}), 0)` })
      .from(donations)
      .where(sql`${donations.status} = 'succeeded'`),
  ]);
  return {
    totalUsers: u?.n ?? 0,
    totalProjects: p?.n ?? 0,
    totalFiles: f?.n ?? 0,
    totalRevenueCents: Number(o?.cents ?? 0) + Number(d?.cents ?? 0),
  };
}
