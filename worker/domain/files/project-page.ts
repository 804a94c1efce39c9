// Everything the project page (/projects/:projectId) shows, in ONE D1 round
// trip (ADR 024): the project, its files, its playlist (made on first visit,
// as `ensurePlaylist` does) with its items, the programs applied to it and the
// member's program titles; who it is shared with, its activity and its signature
// requests (issue 34); the notes on its files, for the inspector. One batch, every statement scoped in SQL to the projects
// the member belongs to; anyone else's (or a missing) project is NotFound and
// creates nothing.
// Kept apart from files.ts/playlists.ts, whose one-object functions the actions use.
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import {
  files,
  type MemberRole,
  notes,
  playlistChapters,
  playlistItems,
  playlists,
  programApplications,
  programs,
  projectMembers,
  projects,
  users,
} from "../../db/schema";
import type { Deps } from "../deps";
import { NotFound } from "../errors";
import { memberData } from "../member-data";
import { groupRequests, requestsOfProject } from "../signing/signatures";
import { activityOf } from "../teams/activity";
import { openInvitations } from "../teams/members";

export async function projectPageData(deps: Deps, userId: string, projectId: string) {
  const { db } = deps;
  const data = memberData(db, userId);
  const theProject = and(eq(projects.id, projectId), data.mine(projects));
  const thePlaylist = and(eq(playlists.projectId, projectId), data.mine(playlists));
  const [
    projectRows,
    fileRows,
    noteRows,
    ,
    playlistRows,
    itemRows,
    markRows,
    applicationRows,
    titleRows,
    memberRows,
    activityRows,
    inviteRows,
    requestRows,
    signerRows,
  ] = await db.batch([
    db
      .select({ project: projects, creatorName: users.name, creatorEmail: users.email, role: projectMembers.role })
      .from(projects)
      .innerJoin(users, eq(users.id, projects.userId))
      .leftJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)))
      .where(theProject)
      .limit(1),
    db
      .select()
      .from(files)
      .where(and(eq(files.projectId, projectId), data.mine(files)))
      .orderBy(asc(files.createdAt)),
    // The notes on the project's files, oldest first (as the file view lists them), with their authors.
    db
      .select({ note: notes, author: users.name })
      .from(notes)
      .innerJoin(files, eq(files.id, notes.fileId))
      .innerJoin(users, eq(users.id, notes.userId))
      .where(and(eq(files.projectId, projectId), data.mine(files)))
      .orderBy(asc(notes.createdAt)),
    // The project's playlist exists from its first visit on; only a project this member belongs to gets one.
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
          .where(theProject),
      )
      .onConflictDoNothing(),
    db.select().from(playlists).where(thePlaylist).limit(1),
    db
      .select({ item: playlistItems })
      .from(playlistItems)
      .innerJoin(playlists, eq(playlists.id, playlistItems.playlistId))
      .where(thePlaylist)
      .orderBy(asc(playlistItems.seqPos)),
    // The chapter marks, for the chapter editor (`chapterList` of the items and these).
    db
      .select({ mark: playlistChapters })
      .from(playlistChapters)
      .innerJoin(playlists, eq(playlists.id, playlistChapters.playlistId))
      .where(thePlaylist)
      .orderBy(asc(playlistChapters.offsetSeconds)),
    db
      .select({ application: programApplications })
      .from(programApplications)
      .innerJoin(playlists, eq(playlists.id, programApplications.playlistId))
      .where(and(thePlaylist, isNull(programApplications.undoneAt)))
      .orderBy(desc(programApplications.createdAt)),
    // Titles of every program applied here (whoever's) and of the programs this member may apply.
    db
      .select({ id: programs.id, title: programs.title, mine: sql<number>`${data.mine(programs)}` })
      .from(programs)
      .where(
        sql`${data.mine(programs)} OR ${programs.id} IN (SELECT ${programApplications.programId} FROM ${programApplications} WHERE ${programApplications.playlistId} IN (SELECT ${playlists.id} FROM ${playlists} WHERE ${thePlaylist}))`,
      )
      .orderBy(asc(programs.sortOrder)),
    // Members and activity are read for any id but answered only with the project (NotFound below otherwise).
    db
      .select({ userId: users.id, name: users.name, email: users.email, role: projectMembers.role })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .where(eq(projectMembers.projectId, projectId))
      .orderBy(asc(projectMembers.createdAt)),
    activityOf(db, projectId),
    openInvitations(deps, "project", projectId),
    ...requestsOfProject(db, projectId),
  ]);
  const [found] = projectRows;
  const [playlist] = playlistRows;
  if (!found || !playlist) throw new NotFound("Project not found.");
  const { project } = found;
  const role: MemberRole = project.userId === userId ? "owner" : (found.role ?? "viewer");
  return {
    project,
    role,
    creator: { userId: project.userId, name: found.creatorName, email: found.creatorEmail },
    members: memberRows,
    activity: activityRows,
    // Open invitations are the owners' business.
    invitations: role === "owner" ? inviteRows : [],
    signatureRequests: groupRequests(requestRows, signerRows),
    files: fileRows,
    notes: noteRows.map(({ note, author }) => ({ ...note, author })),
    playlist: { ...playlist, items: itemRows.map((row) => row.item), marks: markRows.map((row) => row.mark) },
    applications: applicationRows.map((row) => row.application),
    programTitles: titleRows,
  };
}
