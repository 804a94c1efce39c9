// Rules shared by playlists and programs: slot letters that a unique index
// guards, and orders that must name every member exactly once.
import { Conflict, Invalid } from "./errors";

export function isUniqueViolation(error: unknown) {
  return /UNIQUE constraint failed/i.test(String((error as { cause?: unknown })?.cause ?? error));
}

/** Runs a write that may take a slot letter; the database's unique index turns a clash into the given message. */
export async function claimingSlot<T>(write: () => Promise<T>, taken: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(taken, { slotPosition: [taken] });
    throw error;
  }
}

/** An order must list every known id exactly once. */
export function assertCompleteOrder(ids: string[], known: string[], message: string) {
  const members = new Set(known);
  if (ids.length !== members.size || new Set(ids).size !== ids.length || ids.some((id) => !members.has(id)))
    throw new Invalid(message);
}
