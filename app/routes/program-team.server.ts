// A program's team page (/programming/:programId/team): who the program is shared with, and its
// owners' forms to invite, change roles, remove and withdraw (app/lib/team-actions.server.ts).
// A program the member does not belong to is the page's 404.
import { data } from "react-router";
import { sharingOf } from "../../worker/domain/teams/members";
import { requireUser, server } from "../lib/auth.server";
import { formFields } from "../lib/forms.server";
import { orNotFound } from "../lib/page-errors.server";
import { teamAction } from "../lib/team-actions.server";
import type { Route } from "./+types/program-team";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  const sharing = await orNotFound(sharingOf(deps, user.id, "program", params.programId), "Program not found.");
  const [creator, ...members] = sharing.members;
  return {
    program: { id: params.programId, title: sharing.title },
    role: sharing.role,
    userId: user.id,
    sharing: {
      creator: { userId: creator!.userId, name: creator!.name, email: creator!.email },
      members: members.map(({ userId, name, email, role }) => ({ userId, name, email, role })),
      invitations: sharing.invitations,
    },
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  const fields = formFields(await request.formData());
  switch (fields.intent) {
    case "invite":
    case "change-role":
    case "remove-member":
    case "revoke-invitation":
      return teamAction(
        deps,
        user.id,
        { kind: "program", id: params.programId, leftTo: "/programming" },
        fields.intent,
        fields,
      );
    default:
      return data({ error: { code: "invalid", message: "Unknown action." } }, { status: 400 });
  }
}
