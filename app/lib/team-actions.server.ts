// The sharing forms of a project's, a program's or a show's page (issue 34, ADRs 041 and 054):
// invite, change a role, remove a member (or leave), withdraw an invitation; and the Team panel's
// data for the team pages. One place for every page, so the messages and the checks (all of them
// again in worker/domain/teams/members.ts) stay alike.
import { data, redirect } from "react-router";
import type { Deps } from "../../worker/domain/deps";
import {
  changeRole,
  invite,
  removeMember,
  revokeInvitation,
  type SharedKind,
  type SharedTarget,
  sharingOf,
} from "../../worker/domain/teams/members";
import { parse } from "../../worker/domain/validation";
import { INVITATION_REVOKED, inviteSchema, MEMBER_REMOVED, ROLE_CHANGED, roleSchema } from "../kernel/schemas/teams";
import { formAction, intentAction } from "./forms.server";
import { orNotFound } from "./page-errors.server";

export type TeamIntent = "invite" | "change-role" | "remove-member" | "revoke-invitation";
const TEAM_INTENTS: readonly string[] = ["invite", "change-role", "remove-member", "revoke-invitation"];

/** A team page's loader data: the shared object's title, the caller's role, and the Team panel's lists; 404 if not theirs. */
export async function teamPage(
  deps: Deps,
  userId: string,
  kind: SharedKind,
  of: string | SharedTarget,
  missing: string,
) {
  const sharing = await orNotFound(sharingOf(deps, userId, kind, of), missing);
  const [creator, ...members] = sharing.members;
  return {
    title: sharing.title,
    role: sharing.role,
    userId,
    sharing: {
      creator: { userId: creator!.userId, name: creator!.name, email: creator!.email },
      members: members.map(({ userId, name, email, role }) => ({ userId, name, email, role })),
      invitations: sharing.invitations,
    },
  };
}

/** A team page's action: one of the sharing forms, or 400 for anything else. */
export function teamPageAction(
  deps: Deps,
  userId: string,
  target: { kind: SharedKind; id: string; leftTo: string },
  fields: Record<string, string>,
) {
  const intent = fields.intent ?? "";
  if (!TEAM_INTENTS.includes(intent))
    return data({ error: { code: "invalid", message: "Unknown action." } }, { status: 400 });
  return teamAction(deps, userId, target, intent as TeamIntent, fields);
}

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
