// /invitations/:token: the link an invitee gets by e-mail (issue 34). It says who shared what,
// with which role; a visitor signs in or signs up (coming back here), the signed-in invitee joins.
// The token is 192 random bits and stored only as its hash, so it cannot be guessed.
import { data, Form, Link, redirect } from "react-router";
import { DomainError } from "../../worker/domain/errors";
import { acceptInvitation, invitationSummary } from "../../worker/domain/teams/members";
import { FormErrors } from "../components/FormErrors";
import { requireUser, server } from "../lib/auth.server";
import { formAction } from "../lib/forms.server";
import { INVITATION_EXPIRED, INVITATION_INVALID, INVITATION_USED } from "../lib/schemas/teams";
import type { Route } from "./+types/invitation";

export function meta() {
  return [{ title: "Invitation · Creator Platform" }, { name: "robots", content: "noindex" }];
}

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

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const { invitation, signedInAs, path } = loaderData;
  if (!invitation)
    return (
      <section className="card narrow">
        <h1>Invitation</h1>
        <p role="status">{INVITATION_INVALID}</p>
      </section>
    );
  const what = `the ${invitation.kind} "${invitation.title}"`;
  return (
    <section className="card narrow">
      <h1>Invitation</h1>
      <p>
        {invitation.inviterName} invited <strong>{invitation.email}</strong> to {what} as{" "}
        {invitation.role === "viewer" ? "a" : "an"} <strong>{invitation.role}</strong>.
      </p>
      {invitation.state === "expired" && <p role="status">{INVITATION_EXPIRED}</p>}
      {invitation.state === "accepted" && <p role="status">{INVITATION_USED}</p>}
      {invitation.state === "open" && signedInAs && (
        <Form method="post">
          <p className="muted">
            Signed in as {signedInAs.name} ({signedInAs.email}).
          </p>
          {actionData && "error" in actionData && <FormErrors error={actionData.error} heading="Could not join" />}
          <button type="submit" className="button primary">
            Join {invitation.kind}
          </button>
        </Form>
      )}
      {invitation.state === "open" && !signedInAs && (
        <p>
          <Link className="button primary" to={`/signin?from=${encodeURIComponent(path)}`}>
            Sign in to join
          </Link>{" "}
          <Link className="button" to={`/signup?next=${encodeURIComponent(path)}`}>
            Sign up with {invitation.email}
          </Link>
        </p>
      )}
    </section>
  );
}
