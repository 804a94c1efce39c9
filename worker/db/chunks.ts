// D1 binds at most 100 parameters per statement ("too many SQL variables" past that). Every query
// of a caller's id list, and every multi-row insert, goes through here, so no list a schema allows
// can reach that limit (issue 13 item 4).

export const D1_MAX_BOUND_PARAMETERS = 100;
/** Ids per statement, leaving room for the statement's other parameters (owner id, status…). */
export const IDS_PER_STATEMENT = 80;

export function chunksOf<T>(values: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < values.length; i += size) chunks.push(values.slice(i, i + size));
  return chunks;
}

/**
 * Runs `query` once per chunk of the distinct ids and concatenates the rows. Rows keep their order
 * within a chunk only: sort afterwards if the caller needs one order across chunks.
 */
export async function inChunks<T, R>(ids: readonly T[], query: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const distinct = [...new Set(ids)];
  if (distinct.length === 0) return [];
  const results = await Promise.all(chunksOf(distinct, IDS_PER_STATEMENT).map(query));
  return results.flat();
}

/** Rows of an insert in groups that each bind at most the limit (one parameter per column per row). */
export function insertChunks<R extends object>(rows: readonly R[]): R[][] {
  const columns = Math.max(1, ...rows.map((row) => Object.keys(row).length));
  return chunksOf(rows, Math.max(1, Math.floor((D1_MAX_BOUND_PARAMETERS - 10) / columns)));
}
