// The sharing forms of a project's or a program's page (issue 34, ADR 041): invite, change a
// role, remove a member (or leave), withdraw an invitation. One place for both pages, so the
// messages and the checks (all of them again in worker/domain/teams/members.ts) stay alike.
import { redirect } from "react-router";
import type { Deps } from "../../worker/domain/deps";
import { changeRole, invite, removeMember, revokeInvitation, type SharedKind } from "../../worker/domain/teams/members";
import { parse } from "../../worker/domain/validation";
import { formAction, intentAction } from "./forms.server";
import { INVITATION_REVOKED, inviteSchema, MEMBER_REMOVED, ROLE_CHANGED, roleSchema } from "./schemas/teams";

export type TeamIntent = "invite" | "change-role" | "remove-member" | "revoke-invitation";

/** Answers one sharing form; a member who leaves is sent to `leftTo`. */
export function teamAction(
  deps: Deps,
  userId: string,
  target: { kind: SharedKind; id: string; leftTo: string },
  intent: TeamIntent,
  fields: Record<string, string>,
) {
  const { kind, id } = target;
  switch (intent) {
    case "invite":
      return intentAction({ intent: "invite" as const }, async () => {
        const form = parse(inviteSchema, { email: fields.email ?? "", role: fields.role ?? "" });
        return { message: (await invite(deps, userId, kind, id, form)).message };
      });
    case "change-role": {
      const memberId = fields.memberId ?? "";
      return intentAction({ intent: "change-role" as const, memberId }, async () => {
        const { role } = parse(roleSchema, { role: fields.role ?? "" });
        await changeRole(deps, userId, kind, id, memberId, role);
        return { message: ROLE_CHANGED };
      });
    }
    case "remove-member": {
      const memberId = fields.memberId ?? "";
      if (memberId === userId)
        return formAction(
          async () => {
            await removeMember(deps, userId, kind, id, memberId);
            return redirect(target.leftTo);
          },
          { intent: "remove-member" as const, memberId },
        );
      return intentAction({ intent: "remove-member" as const, memberId }, async () => {
        await removeMember(deps, userId, kind, id, memberId);
        return { message: MEMBER_REMOVED };
      });
    }
    case "revoke-invitation": {
      const invitationId = fields.invitationId ?? "";
      return intentAction({ intent: "revoke-invitation" as const, invitationId }, async () => {
        await revokeInvitation(deps, userId, kind, id, invitationId);
        return { message: INVITATION_REVOKED };
      });
    }
  }
}
