// /invitations/:token: the link an invitee gets by e-mail (issue 34). It says who shared what,
// with which role; a visitor signs in or signs up (coming back here), the signed-in invitee joins.
// The token is 192 random bits and stored only as its hash, so it cannot be guessed.
import { Form, Link } from "react-router";
import { FormErrors } from "../../../components/FormErrors";
import { Button, buttonClass } from "../../../components/ui";
import { INVITATION_EXPIRED, INVITATION_INVALID, INVITATION_USED } from "../../../kernel/schemas/teams";
import type { Route } from "./+types/invitation";

export { action, loader } from "./invitation.server";

export function meta() {
  return [{ title: "Invitation · Creator Platform" }, { name: "robots", content: "noindex" }];
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
          <Button type="submit" variant="primary">
            Join {invitation.kind}
          </Button>
        </Form>
      )}
      {invitation.state === "open" && !signedInAs && (
        <p>
          <Link className={buttonClass("primary")} to={`/signin?from=${encodeURIComponent(path)}`}>
            Sign in to join
          </Link>{" "}
          <Link className={buttonClass()} to={`/signup?next=${encodeURIComponent(path)}`}>
            Sign up with {invitation.email}
          </Link>
        </p>
      )}
    </section>
  );
}
