// D1's batch is one transaction and one round trip: writes that belong together go in one
// (ADR 008). drizzle's `batch()` wants a non-empty tuple; statement lists built at run time
// go through `runBatch`, so nobody writes the `[first, ...rest]` dance again.
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { Database } from "./client";

export type Statement = BatchItem<"sqlite">;

/** Runs the statements in one D1 batch and returns each one's result in order; an empty list runs nothing. */
export async function runBatch<T extends Statement>(
  db: Database,
  statements: readonly T[],
): Promise<BatchResponse<[T, ...T[]]> | []> {
  const [first, ...rest] = statements;
  if (!first) return [];
  return db.batch([first, ...rest]);
}
