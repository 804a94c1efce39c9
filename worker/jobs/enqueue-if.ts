// `enqueue()` for a batch written in raw D1 SQL whose job exists only if the batch decided so
// (fulfilment queues the purchase job only when it fulfilled an item). Same row, same input
// validation, same message; the condition is evaluated inside the batch's transaction, so the
// job and the rows it works on commit together or not at all.
import type { Deps } from "../domain/deps";
import { type JobInput, type JobKindName, jobMessage, jobSpec } from "./jobs";

/** The job row is inserted only if `condition` (SQL with plain `?` parameters) holds when the batch runs. */
export function enqueueIf<K extends JobKindName>(
  deps: Pick<Deps, "db" | "now">,
  userId: string,
  kind: K,
  input: JobInput<K>,
  condition: { sql: string; params: unknown[] },
  id: string = crypto.randomUUID(),
) {
  const spec = jobSpec.parse({ kind, input });
  const now = deps.now();
  const statement = deps.db.$client
    .prepare(
      `INSERT INTO jobs (id, user_id, kind, status, progress, input, attempts, created_at, updated_at)
       SELECT ?, ?, ?, 'queued', 0, ?, 0, ?, ? WHERE ${condition.sql}`,
    )
    .bind(id, userId, spec.kind, JSON.stringify(spec.input), now, now, ...condition.params);
  return { id, statement, message: jobMessage({ id, kind: spec.kind }) };
}
