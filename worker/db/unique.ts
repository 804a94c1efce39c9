// "Let the database decide": uniqueness (slot letters, chapter marks, short codes, one entry per
// member) is a unique index, and the clash is recognised here, once, whichever driver raised it
// (D1 wraps SQLite's message in `cause` when it goes through drizzle).

/** Did this write fail on a UNIQUE constraint (or a unique index)? */
export function isUniqueViolation(error: unknown): boolean {
  return /UNIQUE constraint failed/i.test(String((error as { cause?: unknown })?.cause ?? error));
}

/** Runs a write; a unique-index clash becomes `onClash()`'s result (usually a thrown domain error). */
export async function unlessDuplicate<T, U = never>(write: () => Promise<T>, onClash: () => U): Promise<T | U> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) return onClash();
    throw error;
  }
}
