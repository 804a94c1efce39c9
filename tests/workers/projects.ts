// A member with a project of uploaded files, and another member to be refused:
// the setup of the project page, file view and files API tests. Files go up
// in order by the real upload protocol; the first one creates the project.
import { signUp } from "./http";
import { type UploadOptions, upload } from "./uploads";

export type ProjectFile = Omit<UploadOptions, "projectId" | "projectTitle">;

/** `fileIds` has one id per file, in order (typed as a tuple of the same length, to destructure). */
export async function memberWithProject<const Files extends readonly [ProjectFile, ...ProjectFile[]]>(
  projectTitle: string,
  files: Files,
) {
  const owner = await signUp();
  const other = await signUp();
  const [first, ...rest] = files;
  const created = await upload(owner.cookie, { ...first, projectTitle });
  const projectId = created.projectId as string;
  const fileIds: string[] = [created.fileId];
  for (const file of rest) fileIds.push((await upload(owner.cookie, { ...file, projectId })).fileId);
  return { owner, other, projectId, fileIds: fileIds as { [K in keyof Files]: string } };
}
