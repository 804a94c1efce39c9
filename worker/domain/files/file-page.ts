// The file view (/bigfile/:fileId and GET /api/files/:fileId) in ONE D1 round
// trip (ADR 024): the file, its position among its project's files and its
// notes, read in one batch. The position and notes are scoped to the caller
// in SQL, so for anyone but the owner they come back empty and only the public
// part of a public-read file is answered; anything else is NotFound.
import { and, asc, eq } from "drizzle-orm";
import { files, notes } from "../../db/schema";
import type { Deps } from "../deps";
import { NotFound } from "../errors";
import { PREVIEW_URL_SECONDS, previewTarget, publicFile } from "./files";

export async function fileViewData(deps: Deps, userId: string | null, fileId: string) {
  const { db } = deps;
  // A visitor owns nothing: no user id matches the empty string.
  const caller = userId ?? "";
  const projectOfFile = db
    .select({ projectId: files.projectId })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.userId, caller)));
  const [fileRows, projectFiles, fileNotes] = await db.batch([
    db.select().from(files).where(eq(files.id, fileId)).limit(1),
    db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.projectId, projectOfFile), eq(files.userId, caller)))
      .orderBy(asc(files.createdAt)),
    db
      .select()
      .from(notes)
      .where(and(eq(notes.fileId, fileId), eq(notes.userId, caller)))
      .orderBy(asc(notes.createdAt)),
  ]);
  const [file] = fileRows;
  if (!file || (file.userId !== userId && file.accessType !== "public-read")) throw new NotFound("File not found.");
  const preview = await deps.storage.signer.signGet(previewTarget(file), PREVIEW_URL_SECONDS);
  if (file.userId !== userId) {
    return { owner: false as const, file: publicFile(file), notes: [] as never[], previewUrl: preview.url };
  }
  return {
    owner: true as const,
    file,
    notes: fileNotes,
    sequencePosition: projectFiles.findIndex((f) => f.id === file.id) + 1,
    previewUrl: preview.url,
  };
}
