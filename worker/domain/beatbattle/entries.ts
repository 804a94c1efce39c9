// Beat battle entries (seed 001 §7 `/beat-battle-submit`, `/get-beat-submissions`,
// `/get-beatbattle-submissions`). An entry and all its files are written in one
// batch from verified uploads, so there is never an entry without its files
// nor a file row without its entry. One entry per member per battle is the
// database's unique index, not a read-then-write, so concurrent submissions
// cannot both win.
import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { ALREADY_ENTERED, type BeatSubmission, UPLOAD_MISSING } from "../../../app/kernel/schemas/beatbattle";
import { type BeatBattle, beatBattleEntries, beatBattleFiles, beatBattles, users } from "../../db/schema";
import { isUniqueViolation } from "../../db/unique";
import type { Deps } from "../deps";
import { Conflict, NotFound } from "../errors";
import { claimable, releaseUnclaimed } from "../uploads/claims";
import { assertCanEnter, battleView, currentBattle, newest, newestId } from "./battles";

/** Links to an entry's files live an hour; every load signs fresh ones. */
const LINK_SECONDS = 60 * 60;

export async function submitEntry(deps: Deps, userId: string, submission: BeatSubmission) {
  const battle = await assertCanEnter(deps, userId);
  const audio = await claimable(deps, userId, "beat-audio", submission.audioUploadIds, UPLOAD_MISSING);
  const [cover] = await claimable(deps, userId, "beat-cover", [submission.coverUploadId], UPLOAD_MISSING);
  const entryId = crypto.randomUUID();
  const files = [...audio, cover!].map((upload, position) => ({
    id: crypto.randomUUID(),
    entryId,
    key: upload.key,
    fileName: upload.fileName,
    contentType: upload.contentType,
    size: upload.size,
    isCoverArt: upload === cover,
    position,
  }));
  try {
    await deps.db.batch([
      deps.db.insert(beatBattleEntries).values({
        id: entryId,
        battleId: battle.id,
        userId,
        // Numbered inside the INSERT itself, so two entries never take the same number.
        number: sql`(select coalesce(max(${beatBattleEntries.number}), 0) + 1 from ${beatBattleEntries} where ${beatBattleEntries.battleId} = ${battle.id})`,
        // The entrant's address as it is now, read inside the INSERT (no round trip of its own).
        email: sql`(select ${users.email} from ${users} where ${users.id} = ${userId})`,
        projectTitle: submission.projectTitle,
        producerName: submission.producerName,
        location: submission.location,
        socialContact: submission.socialContact,
      }),
      deps.db.insert(beatBattleFiles).values(files),
    ]);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Only this submission's files that no entry holds are deleted: a twin request that won keeps its own.
    await releaseUnclaimed(deps, [...audio, cover!]);
    if (/beat_battle_files\.key/.test(String((error as { cause?: unknown }).cause ?? error))) {
      throw new Conflict(UPLOAD_MISSING);
    }
    throw new Conflict(ALREADY_ENTERED, undefined, "already_entered");
  }
  return { entryId, battle: battleView(deps, battle) };
}

/** Where a file is served by its id (no storage key in the link): the judging admin's path and the public gallery's. */
const JUDGING_FILES = "/api/admin/beat-battle/files/";
const GALLERY_FILES = "/api/beat-battle/gallery/files/";

async function filesOf(deps: Deps, entryIds: string[], byIdAt: string | null = null) {
  if (entryIds.length === 0) return new Map<string, Awaited<ReturnType<typeof signedFile>>[]>();
  // D1 binds at most 100 parameters per statement.
  const rows: (typeof beatBattleFiles.$inferSelect)[] = [];
  for (let i = 0; i < entryIds.length; i += 90) {
    rows.push(
      ...(await deps.db
        .select()
        .from(beatBattleFiles)
        .where(inArray(beatBattleFiles.entryId, entryIds.slice(i, i + 90)))
        .orderBy(asc(beatBattleFiles.position))),
    );
  }
  return signedByEntry(deps, rows, byIdAt);
}

/** Each entry's files with their links, in position order. */
async function signedByEntry(deps: Deps, rows: (typeof beatBattleFiles.$inferSelect)[], byIdAt: string | null) {
  const signed = await Promise.all(rows.map((row) => signedFile(deps, row, byIdAt)));
  const byEntry = new Map<string, typeof signed>();
  signed.forEach((file, i) => {
    const list = byEntry.get(rows[i]!.entryId) ?? [];
    list.push(file);
    byEntry.set(rows[i]!.entryId, list);
  });
  return byEntry;
}

async function signedFile(deps: Deps, row: typeof beatBattleFiles.$inferSelect, byIdAt: string | null) {
  // A storage link carries the key (users/<entrant id>/beatbattle/…), which names the producer:
  // while judging is blind, and in the public gallery, the Worker resolves the file by its id instead.
  const url = byIdAt
    ? `${deps.origin}${byIdAt}${row.id}`
    : (await deps.storage.signer.signGet({ key: row.key, contentType: row.contentType }, LINK_SECONDS)).url;
  return {
    fileId: row.id,
    fileName: row.fileName,
    type: row.contentType,
    isCoverArt: row.isCoverArt,
    url,
    signedUrl: url,
  };
}

/** The member's own entries with fresh links (seed `/get-beat-submissions`). */
export async function listMyEntries(deps: Deps, userId: string) {
  const entries = await deps.db
    .select({
      id: beatBattleEntries.id,
      projectTitle: beatBattleEntries.projectTitle,
      producerName: beatBattleEntries.producerName,
      email: beatBattleEntries.email,
      location: beatBattleEntries.location,
      socialContact: beatBattleEntries.socialContact,
      createdAt: beatBattleEntries.createdAt,
      battleTitle: beatBattles.title,
    })
    .from(beatBattleEntries)
    .innerJoin(beatBattles, eq(beatBattles.id, beatBattleEntries.battleId))
    .where(eq(beatBattleEntries.userId, userId))
    .orderBy(desc(beatBattleEntries.createdAt))
    .limit(100);
  const files = await filesOf(
    deps,
    entries.map((entry) => entry.id),
  );
  return entries.map((entry) => ({ _id: entry.id, ...entry, files: files.get(entry.id) ?? [] }));
}

/**
 * Every entry of the current battle for the admin (seed `/get-beatbattle-submissions`),
 * numbered; until the admin reveals them, who made each entry is left out, so judging is blind.
 */
export async function listBattleEntries(deps: Deps) {
  // The battle, its entries and their files in one round trip (ADR 024): all keyed on the newest battle in SQL.
  const battleId = newestId(deps);
  const entryIds = deps.db
    .select({ id: beatBattleEntries.id })
    .from(beatBattleEntries)
    .where(inArray(beatBattleEntries.battleId, battleId));
  const [[latest], listed, fileRows] = await deps.db.batch([
    newest(deps),
    deps.db
      .select()
      .from(beatBattleEntries)
      .where(inArray(beatBattleEntries.battleId, battleId))
      .orderBy(asc(beatBattleEntries.number))
      .limit(500),
    deps.db
      .select()
      .from(beatBattleFiles)
      .where(inArray(beatBattleFiles.entryId, entryIds))
      .orderBy(asc(beatBattleFiles.position)),
  ]);
  // No battle yet (a new database): seeded now, so it has no entries.
  const battle = latest ?? (await currentBattle(deps));
  const entries = latest ? listed : [];
  const files = await signedByEntry(deps, latest ? fileRows : [], battle.revealed ? null : JUDGING_FILES);
  const submissions = entries.map((entry) => ({
    _id: entry.id,
    number: entry.number,
    projectTitle: entry.projectTitle,
    producer: battle.revealed
      ? {
          producerName: entry.producerName,
          email: entry.email,
          location: entry.location,
          socialContact: entry.socialContact,
        }
      : null,
    createdAt: entry.createdAt,
    files: files.get(entry.id) ?? [],
  }));
  return { battle: battleView(deps, battle), submissions };
}

/** A battle file for the judging admin, found by its id: the storage key (which names the entrant) stays on the server. */
export async function blindFile(deps: Deps, fileId: string) {
  const [row] = await deps.db
    .select({ key: beatBattleFiles.key, contentType: beatBattleFiles.contentType })
    .from(beatBattleFiles)
    .where(eq(beatBattleFiles.id, fileId))
    .limit(1);
  if (!row) throw new NotFound();
  return row;
}

/**
 * The battle's public gallery (ADR 047): nothing while entries are open (null), then every entry,
 * numbered, with its cover and audio served by id. The producer's name (never e-mail or contact)
 * joins once the admin reveals the entrants, so judging after the deadline stays blind.
 */
export async function publicGallery(deps: Deps, battle: BeatBattle) {
  if (battle.deadline.getTime() > deps.now()) return null;
  const entries = await deps.db
    .select({
      id: beatBattleEntries.id,
      number: beatBattleEntries.number,
      projectTitle: beatBattleEntries.projectTitle,
      producerName: beatBattleEntries.producerName,
      location: beatBattleEntries.location,
    })
    .from(beatBattleEntries)
    .where(eq(beatBattleEntries.battleId, battle.id))
    .orderBy(asc(beatBattleEntries.number))
    .limit(500);
  const files = await filesOf(
    deps,
    entries.map((entry) => entry.id),
    GALLERY_FILES,
  );
  return entries.map(({ id, number, projectTitle, producerName, location }) => {
    const own = files.get(id) ?? [];
    return {
      id,
      number,
      projectTitle,
      producer: battle.revealed ? { producerName, location } : null,
      cover: own.find((file) => file.isCoverArt)?.url ?? null,
      audio: own
        .filter((file) => !file.isCoverArt)
        .map(({ fileId, fileName, type, url }) => ({ fileId, fileName, type, url })),
    };
  });
}

/** A gallery file by its id, only once its battle's deadline has passed (NotFound before, as for any unknown id). */
export async function galleryFile(deps: Deps, fileId: string) {
  const [row] = await deps.db
    .select({ key: beatBattleFiles.key, contentType: beatBattleFiles.contentType })
    .from(beatBattleFiles)
    .innerJoin(beatBattleEntries, eq(beatBattleEntries.id, beatBattleFiles.entryId))
    .innerJoin(beatBattles, eq(beatBattles.id, beatBattleEntries.battleId))
    .where(and(eq(beatBattleFiles.id, fileId), lte(beatBattles.deadline, new Date(deps.now()))))
    .limit(1);
  if (!row) throw new NotFound();
  return row;
}
