// Projects, their files and the notes on them. Every function takes the
// caller's user id and reads through `memberData()`: another member's project
// or file is NotFound, never Forbidden, so ids do not leak.
import { and, asc, count, desc, eq, isNotNull, or, sql } from "drizzle-orm";
import { ACCESS_REMOVED } from "../../../app/kernel/schemas/file-access-messages";
import { SLOT_TAKEN } from "../../../app/kernel/schemas/playlists";
import {
  type FileRecord,
  files,
  invitations,
  notes,
  playlistItems,
  projectMembers,
  projects,
  users,
} from "../../db/schema";
import { projectPrefix } from "../../storage/keys";
import type { Deps } from "../deps";
import { Forbidden, NotFound } from "../errors";
import { memberData } from "../member-data";
import { claimingSlot } from "../ordering";
import { activity } from "../teams/activity";

export const PREVIEW_URL_SECONDS = 60 * 60;
export const DOWNLOAD_URL_SECONDS = 5 * 60;

/**
 * The member's projects and those shared with them, each with its role and (when shared) its creator,
 * its file count, total duration and when it last changed; the most recently changed first.
 */
export async function listProjects(deps: Deps, userId: string) {
  const rows = await deps.db
    .select({
      id: projects.id,
      title: projects.title,
      createdAt: projects.createdAt,
      fileCount: count(files.id),
      // Last changed: its newest file, or its creation when it has none.
      changedAt: sql<number>`max(${projects.createdAt}, coalesce(max(${files.createdAt}), 0))`.as("changed_at"),
      /** The files' total duration, null until one is known (the probe runs after the upload). */
      durationSeconds: sql<number | null>`sum(${files.durationSeconds})`,
      creatorId: projects.userId,
      creatorName: users.name,
      sharedRole: projectMembers.role,
    })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.userId))
    .leftJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)))
    .leftJoin(files, eq(files.projectId, projects.id))
    .where(memberData(deps.db, userId).mine(projects))
    .groupBy(projects.id)
    // Latest change first; changes within the same minute read alike on Home's tiles ("4 minutes
    // ago"), so among those the newest project leads (E12, E11, E10, not upload order).
    .orderBy(desc(sql`changed_at / 60000`), desc(projects.createdAt), desc(projects.id));
  return rows.map(({ creatorId, creatorName, sharedRole, changedAt, ...project }) => {
    const shared = creatorId !== userId;
    return {
      ...project,
      changedAt: new Date(Number(changedAt)),
      role: shared ? (sharedRole ?? "viewer") : ("owner" as const),
      sharedBy: shared ? creatorName : null,
    };
  });
}

export async function getProject(deps: Deps, userId: string, projectId: string) {
  return memberData(deps.db, userId).project(projectId);
}

export async function listProjectFiles(deps: Deps, userId: string, projectId: string) {
  const project = await getProject(deps, userId, projectId);
  const rows = await deps.db.select().from(files).where(eq(files.projectId, project.id)).orderBy(asc(files.createdAt));
  return { project, files: rows };
}

/** Deletes the project, its files and notes (one batch), then every object under its prefix. */
export async function deleteProject(deps: Deps, userId: string, projectId: string) {
  const project = await memberData(deps.db, userId).project(projectId, "own");
  await deps.db.delete(projects).where(eq(projects.id, project.id));
  // Every file of the project is stored under its creator's prefix, whoever uploaded it.
  const prefix = projectPrefix(project.userId, project.id);
  let cursor: string | undefined;
  do {
    const listing = await deps.storage.list({ prefix, cursor });
    if (listing.objects.length) await deps.storage.delete(listing.objects.map((o) => o.key));
    cursor = listing.truncated ? listing.cursor : undefined;
  } while (cursor);
}

/** A file the caller may see: one of a project they belong to, or anyone's public-read file. */
export async function visibleFile(deps: Deps, userId: string | null, fileId: string): Promise<FileRecord> {
  // A visitor belongs to no project: no user id matches the empty string.
  const member = memberData(deps.db, userId ?? "").mine(files);
  const [file] = await deps.db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), or(member, eq(files.accessType, "public-read"))))
    .limit(1);
  if (!file) throw new NotFound("File not found.");
  return file;
}

/**
 * Whether a member who may not see this file once could: they joined its project's team (an
 * invitation to their address was accepted) and were removed since. Asked only after the file was
 * refused, so a removed member is told why (403) rather than that the file is not there; anyone
 * else still gets NotFound, and ids do not leak.
 */
export async function accessRemoved(deps: Deps, userId: string, fileId: string) {
  const [joined] = await deps.db
    .select({ id: invitations.id })
    .from(files)
    .innerJoin(invitations, and(eq(invitations.projectId, files.projectId), isNotNull(invitations.acceptedAt)))
    .innerJoin(users, and(eq(users.id, userId), eq(users.email, invitations.email)))
    .where(eq(files.id, fileId))
    .limit(1);
  return joined !== undefined;
}

/** Previews are served as the file's checked type (inline only if allow-listed, see servedAs). */
export const previewTarget = (file: FileRecord) => ({ key: file.key, contentType: file.contentType });

/** What anyone who may see a file is shown of it: no owner, project, storage key or positions. */
export function publicFile(file: FileRecord) {
  return {
    id: file.id,
    fileName: file.fileName,
    contentType: file.contentType,
    size: file.size,
    kind: file.kind,
    accessType: file.accessType,
    durationSeconds: file.durationSeconds,
    frameRate: file.frameRate,
    resolution: file.resolution,
    probeStatus: file.probeStatus,
    probeError: file.probeError,
    createdAt: file.createdAt,
  };
}
export type PublicFile = ReturnType<typeof publicFile>;

// The file view (the owner's record, notes and position, or a public file's summary) is
// read in one batch by `fileViewData` in file-page.ts.

export async function downloadUrl(deps: Deps, userId: string | null, fileId: string) {
  const file = await visibleFile(deps, userId, fileId).catch(async (error: unknown) => {
    if (error instanceof NotFound && userId && (await accessRemoved(deps, userId, fileId))) {
      throw new Forbidden(ACCESS_REMOVED);
    }
    throw error;
  });
  const signed = await deps.storage.signer.signGet(
    { key: file.key, contentType: file.contentType, downloadName: file.fileName },
    DOWNLOAD_URL_SECONDS,
  );
  return { url: signed.url, fileName: file.fileName };
}

/**
 * Deletes the record first (nothing points at a missing object), then the object. The project's
 * activity says who deleted it, by name, in the same batch (issue 44 item 9).
 */
export async function deleteFile(deps: Deps, userId: string, fileId: string) {
  const file = await memberData(deps.db, userId).file(fileId, "edit");
  await deps.db.batch([
    deps.db.delete(files).where(eq(files.id, file.id)),
    activity(deps.db, file.projectId, userId, "fileDeleted", file.fileName),
  ]);
  await deps.storage.delete(file.key);
  return { projectId: file.projectId };
}

/**
 * A file has one slot letter, shown the same on its page and on its playlist row: the
 * file's copies in the playlist take the letter with it, in one batch, so the playlist's
 * unique index refuses a letter another item holds and nothing is half-saved.
 */
export async function setSlotPosition(deps: Deps, userId: string, fileId: string, slotPosition: string | null) {
  const file = await memberData(deps.db, userId).file(fileId, "edit");
  await claimingSlot(
    () =>
      deps.db.batch([
        deps.db.update(files).set({ slotPosition }).where(eq(files.id, file.id)),
        deps.db.update(playlistItems).set({ slotPosition }).where(eq(playlistItems.sourceFileId, file.id)),
      ]),
    SLOT_TAKEN,
  );
  return { slotPosition };
}

export async function addNote(deps: Deps, userId: string, fileId: string, text: string) {
  const file = await memberData(deps.db, userId).file(fileId, "edit");
  const [[note]] = await deps.db.batch([
    deps.db.insert(notes).values({ id: crypto.randomUUID(), fileId: file.id, userId, text }).returning(),
    activity(deps.db, file.projectId, userId, "noted", file.fileName),
  ]);
  return note!;
}

export async function deleteNote(deps: Deps, userId: string, fileId: string, noteId: string) {
  const file = await memberData(deps.db, userId).file(fileId, "edit");
  const deleted = await deps.db
    .delete(notes)
    .where(and(eq(notes.id, noteId), eq(notes.fileId, file.id)))
    .returning({ id: notes.id });
  if (deleted.length === 0) throw new NotFound("Note not found.");
}
