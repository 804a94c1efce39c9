// The invitation page's server side (/invitations/:token): what the link invites to, and joining.
import { data, redirect } from "react-router";
import { DomainError } from "../../../../worker/domain/errors";
import { acceptInvitation, invitationSummary } from "../../../../worker/domain/teams/members";
import { requireUser, server } from "../../../lib/auth.server";
import { formAction } from "../../../lib/forms.server";
import type { Route } from "./+types/invitation";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { deps, user } = server(context);
  try {
    const invitation = await invitationSummary(deps, params.token);
    return {
      invitation,
      signedInAs: user ? { name: user.name, email: user.email } : null,
      path: `/invitations/${params.token}`,
    };
  } catch (error) {
    if (error instanceof DomainError) return data({ invitation: null, signedInAs: null, path: "" }, { status: 404 });
    throw error;
  }
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  return formAction(async () => {
    const joined = await acceptInvitation(deps, user.id, params.token);
    return redirect(joined.redirectTo);
  });
}
