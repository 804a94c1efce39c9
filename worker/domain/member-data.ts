// "Only my rows" by default (ADR 021): a member's projects, files, playlists, items, programs and
// program files are read through `memberData(db, userId)`, whose every query is scoped to the
// member. Another member's row is simply not found (NotFound with the object's message, so ids
// do not leak), and a domain function cannot forget the check because there is no unscoped
// getter to call. Queries the getters do not cover add `mine(table)` to their WHERE.
//
//   const data = memberData(deps.db, userId);
//   const file = await data.file(fileId);                 // NotFound("File not found.") if not theirs
//   const lists = await data.playlists(ids);              // all of them, or NotFound
//   deps.db.select().from(files).where(and(data.mine(files), eq(files.projectId, id)));
import { and, eq, inArray } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { inChunks } from "../db/chunks";
import type { Database } from "../db/client";
import { files, playlistChapters, playlistItems, playlists, programFiles, programs, projects } from "../db/schema";
import { NotFound } from "./errors";

/** A table whose rows belong to one member (`owner()` in the schema). */
type Owned = SQLiteTable & { id: SQLiteColumn; userId: SQLiteColumn };

/** Each owned table and what the member is told when a row of it is not theirs (or not there). */
const MISSING = [
  [projects, "Project not found."],
  [files, "File not found."],
  [playlists, "Playlist not found."],
  [playlistItems, "Playlist item not found."],
  [playlistChapters, "Chapter not found."],
  [programs, "Program not found."],
  [programFiles, "Program file not found."],
] as const;

export function memberData(db: Database, userId: string) {
  const mine = (table: Owned) => eq(table.userId, userId);

  /** The member's row with this id, or NotFound. */
  async function one<T extends Owned>(table: T, id: string, missing: string): Promise<T["$inferSelect"]> {
    const [row] = await db
      .select()
      .from(table as Owned)
      .where(and(eq(table.id, id), mine(table)))
      .limit(1);
    if (!row) throw new NotFound(missing);
    return row as T["$inferSelect"];
  }

  /** The member's rows with these ids (any number, queried in chunks); NotFound unless every one is theirs. */
  async function every<T extends Owned>(table: T, ids: readonly string[], missing: string) {
    const rows = (await inChunks(ids, (chunk) =>
      db
        .select()
        .from(table as Owned)
        .where(and(mine(table), inArray(table.id, chunk))),
    )) as T["$inferSelect"][];
    if (rows.length !== new Set(ids).size) throw new NotFound(missing);
    return rows;
  }

  const getter =
    <T extends (typeof MISSING)[number][0]>(table: T) =>
    (id: string) =>
      one(table, id, missingOf(table));
  const lister =
    <T extends (typeof MISSING)[number][0]>(table: T) =>
    (ids: readonly string[]) =>
      every(table, ids, missingOf(table));

  return {
    userId,
    mine,
    project: getter(projects),
    file: getter(files),
    files: lister(files),
    playlist: getter(playlists),
    playlists: lister(playlists),
    playlistItem: getter(playlistItems),
    chapter: getter(playlistChapters),
    program: getter(programs),
    programs: lister(programs),
    programFile: getter(programFiles),
  };
}

export type MemberData = ReturnType<typeof memberData>;

function missingOf(table: Owned): string {
  return MISSING.find(([t]) => t === table)?.[1] ?? "Not found.";
}
