// The file view (/bigfile/:fileId and GET /api/files/:fileId) in ONE D1 round
// trip (ADR 024): the file, its position among its project's files, its notes
// with their authors and the caller's role in the project, read in one batch.
// The position and notes are scoped in SQL to the projects the caller belongs
// to (ADR 041), so for anyone else they come back empty and only the public
// part of a public-read file is answered; anything else is NotFound.
import { and, asc, eq } from "drizzle-orm";
import { files, type MemberRole, notes, projectMembers, projects, users } from "../../db/schema";
import type { Deps } from "../deps";
import { NotFound } from "../errors";
import { memberData } from "../member-data";
import { PREVIEW_URL_SECONDS, previewTarget, publicFile } from "./files";

export async function fileViewData(deps: Deps, userId: string | null, fileId: string) {
  const { db } = deps;
  // A visitor belongs to no project: no user id matches the empty string.
  const caller = userId ?? "";
  const data = memberData(db, caller);
  const projectOfFile = db
    .select({ projectId: files.projectId })
    .from(files)
    .where(and(eq(files.id, fileId), data.mine(files)));
  const [fileRows, projectFiles, fileNotes, roleRows] = await db.batch([
    db.select().from(files).where(eq(files.id, fileId)).limit(1),
    db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.projectId, projectOfFile), data.mine(files)))
      .orderBy(asc(files.createdAt)),
    db
      .select({ note: notes, author: users.name })
      .from(notes)
      .innerJoin(users, eq(users.id, notes.userId))
      .where(and(eq(notes.fileId, fileId), eq(notes.fileId, fileOfMember(db, fileId, data))))
      .orderBy(asc(notes.createdAt)),
    db
      .select({ creator: projects.userId, role: projectMembers.role })
      .from(projects)
      .leftJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, caller)))
      .where(eq(projects.id, projectOfFile))
      .limit(1),
  ]);
  const [file] = fileRows;
  const [membership] = roleRows;
  const role: MemberRole | null =
    membership?.creator === caller ? "owner" : (membership?.role ?? (membership ? "viewer" : null));
  if (!file || (!membership && file.accessType !== "public-read")) throw new NotFound("File not found.");
  const preview = await deps.storage.signer.signGet(previewTarget(file), PREVIEW_URL_SECONDS);
  if (!membership || !role) {
    return { owner: false as const, file: publicFile(file), notes: [] as never[], previewUrl: preview.url };
  }
  return {
    // "owner" keeps its first meaning: the caller sees the file as one of their project's (any role).
    owner: true as const,
    role,
    file,
    notes: fileNotes.map(({ note, author }) => ({ ...note, author })),
    sequencePosition: projectFiles.findIndex((f) => f.id === file.id) + 1,
    previewUrl: preview.url,
  };
}

/** The file's id if it belongs to a project the member may see (a subquery: nothing otherwise). */
function fileOfMember(db: Deps["db"], fileId: string, data: ReturnType<typeof memberData>) {
  return db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, fileId), data.mine(files)));
}
