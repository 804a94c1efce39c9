// "Only rows I may see" by default (ADR 021, widened for teams by ADR 041): a member's projects,
// files, playlists, items, chapters, programs and program files are read through
// `memberData(db, userId)`, whose every query is scoped in SQL to the projects (and programs) the
// member belongs to: the ones they created, and the ones shared with them (`project_members`,
// `program_members`) with a role. Shows and their episodes are scoped the same way through
// `show_members` (ADR 054). A row outside them is simply not found (NotFound with the
// object's message, so ids do not leak). A row they may see but not change in the way asked is
// Forbidden: every getter takes what the caller means to do ("view", "edit" or "own"), so a
// viewer is refused every write by the same call that finds the row.
//
//   const data = memberData(deps.db, userId);
//   const file = await data.file(fileId);                 // NotFound("File not found.") if not shared with them
//   const file = await data.file(fileId, "edit");         // and Forbidden if they only view it
//   const lists = await data.playlists(ids, "edit");      // all of them, or NotFound / Forbidden
//   deps.db.select().from(files).where(and(data.mine(files), eq(files.projectId, id)));
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { inChunks } from "../db/chunks";
import type { Database } from "../db/client";
import {
  files,
  type MemberRole,
  playlistChapters,
  playlistItems,
  playlists,
  programApplications,
  programFiles,
  programMembers,
  programs,
  projectMembers,
  projects,
  showEpisodes,
  showMembers,
  shows,
} from "../db/schema";
import { Forbidden, NotFound } from "./errors";

/** What the caller means to do with a row. */
export type Need = "view" | "edit" | "own";

/** The roles that allow each need. */
const ROLES_FOR: Record<Need, MemberRole[]> = {
  view: ["viewer", "editor", "owner"],
  edit: ["editor", "owner"],
  own: ["owner"],
};

export const CANNOT_EDIT_PROJECT = "You can view this project but not change it.";
export const ONLY_PROJECT_OWNER = "Only the project's owner can do that.";
export const CANNOT_EDIT_PROGRAM = "You can view this program but not change it.";
export const ONLY_PROGRAM_OWNER = "Only the program's owner can do that.";
export const CANNOT_EDIT_SHOW = "You can view this show but not change it.";
export const ONLY_SHOW_OWNER = "Only the show's owner can do that.";

/** What a member who may see a row but not `need` it is told, by whose sharing decides. */
const REFUSED = {
  project: { edit: CANNOT_EDIT_PROJECT, own: ONLY_PROJECT_OWNER },
  program: { edit: CANNOT_EDIT_PROGRAM, own: ONLY_PROGRAM_OWNER },
  show: { edit: CANNOT_EDIT_SHOW, own: ONLY_SHOW_OWNER },
} as const;

type Row = SQLiteTable & { id: SQLiteColumn };

/** Each scoped table, what the member is told when a row of it is not theirs, and whose sharing decides. */
const MISSING = [
  [projects, "Project not found.", "project"],
  [files, "File not found.", "project"],
  [playlists, "Playlist not found.", "project"],
  [playlistItems, "Playlist item not found.", "project"],
  [playlistChapters, "Chapter not found.", "project"],
  [programs, "Program not found.", "program"],
  [programFiles, "Program file not found.", "program"],
  [shows, "Show not found.", "show"],
  [showEpisodes, "Episode not found.", "show"],
] as const;
type Scoped = (typeof MISSING)[number][0];

const roleList = (need: Need) =>
  sql.join(
    ROLES_FOR[need].map((role) => sql`${role}`),
    sql`, `,
  );

export function memberData(db: Database, userId: string) {
  /** Ids of the projects the member may `need`: their own, and those shared with them in a role that allows it. */
  const projectIds = (need: Need) =>
    sql`(SELECT ${projects.id} FROM ${projects} WHERE ${projects.userId} = ${userId}
      UNION SELECT ${projectMembers.projectId} FROM ${projectMembers}
      WHERE ${projectMembers.userId} = ${userId} AND ${projectMembers.role} IN (${roleList(need)}))`;
  const playlistIds = (need: Need) =>
    sql`(SELECT ${playlists.id} FROM ${playlists} WHERE ${playlists.projectId} IN ${projectIds(need)})`;
  const programIds = (need: Need) =>
    sql`(SELECT ${programs.id} FROM ${programs} WHERE ${programs.userId} = ${userId}
      UNION SELECT ${programMembers.programId} FROM ${programMembers}
      WHERE ${programMembers.userId} = ${userId} AND ${programMembers.role} IN (${roleList(need)}))`;
  const showIds = (need: Need) =>
    sql`(SELECT ${shows.id} FROM ${shows} WHERE ${shows.userId} = ${userId}
      UNION SELECT ${showMembers.showId} FROM ${showMembers}
      WHERE ${showMembers.userId} = ${userId} AND ${showMembers.role} IN (${roleList(need)}))`;

  /** The condition "this row belongs to a project (or program) the member may `need`". */
  function mine(table: Scoped | typeof programApplications, need: Need = "view"): SQL {
    if (table === projects) return sql`${projects.id} IN ${projectIds(need)}`;
    if (table === files) return sql`${files.projectId} IN ${projectIds(need)}`;
    if (table === playlists) return sql`${playlists.projectId} IN ${projectIds(need)}`;
    if (table === playlistItems) return sql`${playlistItems.playlistId} IN ${playlistIds(need)}`;
    if (table === playlistChapters) return sql`${playlistChapters.playlistId} IN ${playlistIds(need)}`;
    if (table === programApplications) return sql`${programApplications.playlistId} IN ${playlistIds(need)}`;
    if (table === programs) return sql`${programs.id} IN ${programIds(need)}`;
    if (table === shows) return sql`${shows.id} IN ${showIds(need)}`;
    if (table === showEpisodes) return sql`${showEpisodes.showId} IN ${showIds(need)}`;
    return sql`${programFiles.programId} IN ${programIds(need)}`;
  }

  /** Refuses a row the member may see but not `need`, with the message of whose row it is. */
  function refuse(table: Scoped, need: Exclude<Need, "view">): never {
    throw new Forbidden(REFUSED[missingOf(table)[1]][need]);
  }

  /** The row with this id if the member may see it (else NotFound) and may `need` it (else Forbidden): one query. */
  async function one<T extends Scoped>(table: T, id: string, need: Need): Promise<T["$inferSelect"]> {
    const [found] = await db
      .select({ row: table as Row, allowed: sql<number>`${mine(table, need)}` })
      .from(table as Row)
      .where(and(eq((table as Row).id, id), mine(table)))
      .limit(1);
    if (!found) throw new NotFound(missingOf(table)[0]);
    if (!found.allowed && need !== "view") refuse(table, need);
    return found.row as T["$inferSelect"];
  }

  /** The rows with these ids (any number, queried in chunks); NotFound unless the member sees every one. */
  async function every<T extends Scoped>(table: T, ids: readonly string[], need: Need) {
    const found = await inChunks(ids, (chunk) =>
      db
        .select({ row: table as Row, allowed: sql<number>`${mine(table, need)}` })
        .from(table as Row)
        .where(and(mine(table), inArray((table as Row).id, chunk))),
    );
    if (found.length !== new Set(ids).size) throw new NotFound(missingOf(table)[0]);
    if (need !== "view" && found.some((f) => !f.allowed)) refuse(table, need);
    return found.map((f) => f.row) as T["$inferSelect"][];
  }

  const getter =
    <T extends Scoped>(table: T) =>
    (id: string, need: Need = "view") =>
      one(table, id, need);
  const lister =
    <T extends Scoped>(table: T) =>
    (ids: readonly string[], need: Need = "view") =>
      every(table, ids, need);

  /** The member's role in a project: "owner" for its creator, else their membership's; NotFound if none. */
  async function projectRole(projectId: string): Promise<MemberRole> {
    const [row] = await db
      .select({ creator: projects.userId, role: projectMembers.role })
      .from(projects)
      .leftJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)))
      .where(eq(projects.id, projectId))
      .limit(1);
    if (row?.creator === userId) return "owner";
    if (!row?.role) throw new NotFound("Project not found.");
    return row.role;
  }

  return {
    userId,
    mine,
    projectIds,
    programIds,
    showIds,
    projectRole,
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
    show: getter(shows),
    episode: getter(showEpisodes),
  };
}

export type MemberData = ReturnType<typeof memberData>;

function missingOf(table: Scoped) {
  const entry = MISSING.find(([t]) => t === table);
  return [entry?.[1] ?? "Not found.", entry?.[2] ?? "project"] as const;
}

/** True when `role` allows `need`. */
export function allows(role: MemberRole, need: Need): boolean {
  return ROLES_FOR[need].includes(role);
}
