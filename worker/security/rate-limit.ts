// Exact fixed-window counters in D1. Each attempt first takes a slot with an
// atomic upsert (D1 serialises writes), then is refused if over the limit, so
// concurrent attempts can never exceed it.
import { eq, sql } from "drizzle-orm";
import { runBatch } from "../db/batch";
import type { Database } from "../db/client";
import { rateLimits } from "../db/schema";
import { TooManyRequests } from "../domain/errors";

export interface Limit {
  scope: string;
  subject: string;
  max: number;
  windowMs: number;
}

function windowKey(limit: Limit, now: number) {
  const start = Math.floor(now / limit.windowMs) * limit.windowMs;
  return { key: `${limit.scope}:${limit.subject}:${start}`, end: start + limit.windowMs };
}

/** Counts one attempt against every limit given; throws TooManyRequests when any is exceeded. */
export async function takeAttempt(db: Database, limits: Limit[], now = Date.now()): Promise<void> {
  const statements = limits.map((limit) => {
    const { key, end } = windowKey(limit, now);
    return db
      .insert(rateLimits)
      .values({ key, count: 1, expiresAt: new Date(end) })
      .onConflictDoUpdate({ target: rateLimits.key, set: { count: sql`${rateLimits.count} + 1` } })
      .returning({ count: rateLimits.count, expiresAt: rateLimits.expiresAt });
  });
  const results = await runBatch(db, statements);
  results.forEach(([row], i) => {
    const limit = limits[i]!;
    if (row && row.count > limit.max) {
      throw new TooManyRequests(undefined, Math.ceil((row.expiresAt.getTime() - now) / 1000));
    }
  });
}

/** Forgets an account's counter after a success, so a user who finally gets it right starts afresh. */
export async function clearAttempts(db: Database, limit: Omit<Limit, "max">, now = Date.now()): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, windowKey({ ...limit, max: 0 }, now).key));
}
