// The project page's activity list (issue 34): who uploaded, applied a program, rendered, invited,
// changed the playlist or signed, and when; and who deleted what (issue 44 item 9: a file, a
// playlist item, a member, an invitation, a signature request). A change writes its line in the same
// D1 batch as the change itself, so the list never claims what did not happen. A line keeps the names
// it mentions as text (`detail`), so it still reads sensibly after the file or member is gone.
import { desc, eq } from "drizzle-orm";
import { insertChunks } from "../../db/chunks";
import type { Database } from "../../db/client";
import { projectActivity, users } from "../../db/schema";

export const ACTIVITY_ACTIONS = {
  uploaded: "uploaded",
  programApplied: "applied a program",
  programUndone: "undid a program",
  rendered: "rendered",
  invited: "invited",
  joined: "joined",
  roleChanged: "changed a role",
  removed: "removed a member",
  left: "left the project",
  invitationRevoked: "revoked an invitation",
  fileDeleted: "deleted a file",
  itemRemoved: "removed from the playlist",
  playlistChanged: "changed the playlist",
  noted: "added a note",
  signatureRequested: "requested signatures",
  signed: "signed",
  signatureVoided: "voided a signature request",
  documentCompleted: "completed a signed document",
} as const;
export type ActivityAction = keyof typeof ACTIVITY_ACTIONS;

/** The statement that records one line; run it in the change's own batch. */
export function activity(db: Database, projectId: string, userId: string | null, action: ActivityAction, detail = "") {
  return activityInEach(db, [projectId], userId, action, detail)[0]!;
}

/** The statements that record one line in each of these projects (multi-row): an apply to many playlists. */
export function activityInEach(
  db: Database,
  projectIds: readonly string[],
  userId: string | null,
  action: ActivityAction,
  detail = "",
) {
  const rows = projectIds.map((projectId) => ({
    id: crypto.randomUUID(),
    projectId,
    userId,
    action: ACTIVITY_ACTIONS[action],
    detail: detail.slice(0, 300),
  }));
  return insertChunks(rows).map((chunk) => db.insert(projectActivity).values(chunk));
}

/** The latest lines of a project's activity, newest first, with who did each. */
export function activityOf(db: Database, projectId: string, limit = 50) {
  return db
    .select({
      id: projectActivity.id,
      action: projectActivity.action,
      detail: projectActivity.detail,
      createdAt: projectActivity.createdAt,
      who: users.name,
      whoEmail: users.email,
    })
    .from(projectActivity)
    .leftJoin(users, eq(users.id, projectActivity.userId))
    .where(eq(projectActivity.projectId, projectId))
    .orderBy(desc(projectActivity.createdAt))
    .limit(limit);
}
