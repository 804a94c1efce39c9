// Rules shared by playlists and programs: slot letters that a unique index
// guards, and orders that must name every member exactly once.
import { and, eq, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { runBatch, type Statement } from "../db/batch";
import type { Database } from "../db/client";
import { unlessDuplicate } from "../db/unique";
import { Conflict, Invalid } from "./errors";

/** Runs a write that may take a slot letter; the database's unique index turns a clash into the given message. */
export async function claimingSlot<T>(write: () => Promise<T>, taken: string): Promise<T> {
  return unlessDuplicate(write, () => {
    throw new Conflict(taken, { slotPosition: [taken] });
  });
}

/** Is the letter free among the rows `within` selects (a playlist's items, a program's files), but for `exceptId`? */
export async function isSlotFreeIn(
  db: Database,
  table: SQLiteTable & { id: SQLiteColumn; slotPosition: SQLiteColumn },
  within: SQL,
  slot: string,
  exceptId?: string,
) {
  const [taken] = await db
    .select({ id: table.id })
    .from(table as SQLiteTable)
    .where(and(within, eq(table.slotPosition, slot)))
    .limit(1);
  return !taken || taken.id === exceptId;
}

/** An order must list every known id exactly once. */
export function assertCompleteOrder(ids: string[], known: string[], message: string) {
  const members = new Set(known);
  if (ids.length !== members.size || new Set(ids).size !== ids.length || ids.some((id) => !members.has(id)))
    throw new Invalid(message);
}

/**
 * 'Save Order': the ids must be exactly the `known` rows, each once; `write(id, n)` numbers them
 * 1, 2, 3… in one batch, so an order is saved whole or not at all.
 */
export async function saveOrder(
  db: Database,
  order: { ids: string[]; known: readonly { id: string }[]; message: string },
  write: (id: string, n: number) => Statement,
) {
  assertCompleteOrder(
    order.ids,
    order.known.map((row) => row.id),
    order.message,
  );
  await runBatch(
    db,
    order.ids.map((id, i) => write(id, i + 1)),
  );
}
