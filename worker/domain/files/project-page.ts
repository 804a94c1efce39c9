// Everything the project page (/projects/:projectId) shows, in ONE D1 round
// trip (ADR 024): the project, its files, its playlist (made on first visit,
// as `ensurePlaylist` does) with its items, the programs applied to it and the
// member's program titles. One batch, every statement scoped to the member in
// SQL; another member's (or a missing) project is NotFound and creates nothing.
// Kept apart from files.ts/playlists.ts, whose one-object functions the actions use.
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { files, playlistItems, playlists, programApplications, programs, projects } from "../../db/schema";
import type { Deps } from "../deps";
import { NotFound } from "../errors";

export async function projectPageData(deps: Deps, userId: string, projectId: string) {
  const { db } = deps;
  const thePlaylist = and(eq(playlists.projectId, projectId), eq(playlists.userId, userId));
  const [projectRows, fileRows, , playlistRows, itemRows, applicationRows, titleRows] = await db.batch([
    db
      .select()
      .from(projects)
      .where(and(eq(projects.id, projectId), eq(projects.userId, userId)))
      .limit(1),
    db
      .select()
      .from(files)
      .where(and(eq(files.projectId, projectId), eq(files.userId, userId)))
      .orderBy(asc(files.createdAt)),
    // The project's playlist exists from its first visit on; only a project of this member gets one.
    db
      .insert(playlists)
      .select(
        db
          // Every column, in the table's order (drizzle's rule for INSERT … SELECT).
          .select({
            id: sql<string>`${crypto.randomUUID()}`.as("id"),
            userId: projects.userId,
            projectId: projects.id,
            mediaType: sql<null>`NULL`.as("media_type"),
            renderedAt: sql<null>`NULL`.as("rendered_at"),
            createdAt: sql<number>`(unixepoch('subsec') * 1000)`.as("created_at"),
          })
          .from(projects)
          .where(and(eq(projects.id, projectId), eq(projects.userId, userId))),
      )
      .onConflictDoNothing(),
    db.select().from(playlists).where(thePlaylist).limit(1),
    db
      .select({ item: playlistItems })
      .from(playlistItems)
      .innerJoin(playlists, eq(playlists.id, playlistItems.playlistId))
      .where(thePlaylist)
      .orderBy(asc(playlistItems.seqPos)),
    db
      .select({ application: programApplications })
      .from(programApplications)
      .innerJoin(playlists, eq(playlists.id, programApplications.playlistId))
      .where(and(thePlaylist, eq(programApplications.userId, userId), isNull(programApplications.undoneAt)))
      .orderBy(desc(programApplications.createdAt)),
    db
      .select({ id: programs.id, title: programs.title })
      .from(programs)
      .where(eq(programs.userId, userId))
      .orderBy(asc(programs.sortOrder)),
  ]);
  const [project] = projectRows;
  const [playlist] = playlistRows;
  if (!project || !playlist) throw new NotFound("Project not found.");
  return {
    project,
    files: fileRows,
    playlist: { ...playlist, items: itemRows.map((row) => row.item) },
    applications: applicationRows.map((row) => row.application),
    programTitles: titleRows,
  };
}
