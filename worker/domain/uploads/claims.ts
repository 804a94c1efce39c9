// Verified uploads waiting for the record that owns them (community purposes):
// claimed by id when that record is written, swept when never claimed.
import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import { beatBattleFiles, showEpisodes, shows, type Upload, uploads } from "../../db/schema";
import type { Deps } from "../deps";
import { Invalid } from "../errors";

/** Purposes whose uploads wait to be claimed. */
export const CLAIMABLE_PURPOSES = [
  "beat-audio",
  "beat-cover",
  "episode-video",
  "episode-cover",
  "show-artwork",
] as const;
export type ClaimablePurpose = (typeof CLAIMABLE_PURPOSES)[number];
/** An unclaimed file is kept this long (time enough to finish the form), then deleted. */
export const UNCLAIMED_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The member's completed uploads of one purpose, in the order asked, named by
 * id (or, `by: "key"`, by storage key); any one missing, not theirs, unfinished
 * or of another purpose refuses the lot with `missing`. Every check a form
 * makes before it points a record at a member's file is this one query.
 * That a file is not claimed twice is left to the owning table's unique key.
 */
export async function claimable(
  deps: Pick<Deps, "db">,
  userId: string,
  purpose: ClaimablePurpose | "popup-image",
  names: readonly string[],
  missing: string | Invalid,
  by: "id" | "key" = "id",
): Promise<Upload[]> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return [];
  const rows = await deps.db
    .select()
    .from(uploads)
    .where(
      and(
        inArray(uploads[by], unique),
        eq(uploads.userId, userId),
        eq(uploads.purpose, purpose),
        eq(uploads.status, "completed"),
      ),
    );
  const found = new Map(rows.map((row) => [row[by], row]));
  if (unique.some((name) => !found.has(name))) throw typeof missing === "string" ? new Invalid(missing) : missing;
  return unique.map((name) => found.get(name)!);
}

const isClaimed = (key: typeof uploads.key) =>
  or(
    sql`exists (select 1 from ${beatBattleFiles} where ${beatBattleFiles.key} = ${key})`,
    sql`exists (select 1 from ${showEpisodes} where ${showEpisodes.mediaKey} = ${key} or ${showEpisodes.coverKey} = ${key})`,
    sql`exists (select 1 from ${shows} where ${shows.artworkKey} = ${key})`,
  );

/** Deletes the objects of these uploads that no record claimed (after a refused submission). */
export async function releaseUnclaimed(deps: Pick<Deps, "db" | "storage">, rows: Pick<Upload, "id" | "key">[]) {
  if (rows.length === 0) return;
  const loose = await deps.db
    .select({ id: uploads.id, key: uploads.key })
    .from(uploads)
    .where(
      and(
        inArray(
          uploads.id,
          rows.map((row) => row.id),
        ),
        sql`not ${isClaimed(uploads.key)}`,
      ),
    );
  await discardUploads(deps, loose);
}

async function discardUploads(deps: Pick<Deps, "db" | "storage">, rows: { id: string; key: string }[]) {
  if (rows.length === 0) return;
  await deps.storage.delete(rows.map((row) => row.key));
  await deps.db
    .update(uploads)
    .set({ status: "aborted" })
    .where(
      inArray(
        uploads.id,
        rows.map((row) => row.id),
      ),
    );
}

/** Sweep: verified community files that no record claimed within a day are deleted. */
export async function sweepUnclaimedUploads(deps: Pick<Deps, "db" | "storage" | "now">) {
  const stale = await deps.db
    .select({ id: uploads.id, key: uploads.key })
    .from(uploads)
    .where(
      and(
        eq(uploads.status, "completed"),
        inArray(uploads.purpose, [...CLAIMABLE_PURPOSES]),
        lt(uploads.createdAt, new Date(deps.now() - UNCLAIMED_LIFETIME_MS)),
        sql`not ${isClaimed(uploads.key)}`,
      ),
    )
    .limit(100);
  await discardUploads(deps, stale);
  return stale.length;
}
