// Lists of ids in requests: always bounded (issue 13 item 4); the queries behind them are chunked
// by worker/db/chunks.ts.
import { z } from "zod";

export const ID_MAX_LENGTH = 64;
export const id = z.string().max(ID_MAX_LENGTH);

/** A JSON array of at most `max` ids. */
export function idList(max: number, error?: string) {
  return z.array(id, error ? { error } : undefined).max(max, `At most ${max} at once.`);
}

/** A comma-separated query parameter of at most `max` ids (`?ids=a,b,c`). */
export function commaIds(max: number) {
  return z
    .string()
    .max(max * (ID_MAX_LENGTH + 1))
    .default("")
    .transform((s) => s.split(",").filter(Boolean))
    .pipe(z.array(id).max(max, `At most ${max} ids at once.`));
}
