import { Form, Link, redirect, useNavigation } from "react-router";
import { startSignup, verifySignup } from "../../worker/domain/accounts/signup";
import { parse } from "../../worker/domain/validation";
import { destroySession, sessionCookie } from "../../worker/sessions";
import { FormErrors } from "../components/FormErrors";
import { requireAnonymous, server } from "../lib/auth.server";
import { formAction, formFields } from "../lib/forms.server";
import { signupSchema, verifySchema } from "../lib/schemas/accounts";
import type { Route } from "./+types/signup";

export function meta() {
  return [{ title: "Sign up · Creator Platform" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  requireAnonymous(context);
  return { next: new URL(request.url).searchParams.get("next") };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { deps, caller } = server(context);
  const fields = formFields(await request.formData());
  if (fields.intent === "verify") {
    const step = { step: "verify" as const, signupId: fields.signupId ?? "", email: fields.email ?? "" };
    return formAction(async () => {
      const { token, next } = await verifySignup(deps, parse(verifySchema, fields), caller);
      await destroySession(deps.db, request);
      throw redirect(next, { headers: { "set-cookie": sessionCookie(request, token) } });
    }, step);
  }
  return formAction(async () => {
    const { signupId } = await startSignup(deps, parse(signupSchema, fields), caller);
    return { step: "verify" as const, signupId, email: fields.email?.trim() ?? "" };
  });
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const error = actionData && "error" in actionData ? actionData.error : null;
  const pending = actionData && "step" in actionData ? actionData : null;

  if (pending) {
    return (
      <section className="card narrow">
        <h1>Check your e-mail</h1>
        <p>We sent a six-digit code{pending.email ? ` to ${pending.email}` : ""}. It expires in 10 minutes.</p>
        <FormErrors error={error} />
        <Form method="post" className="form">
          <input type="hidden" name="intent" value="verify" />
          <input type="hidden" name="signupId" value={pending.signupId} />
          <input type="hidden" name="email" value={pending.email} />
          <label>
            Verification code
            <input
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              required
              autoFocus
            />
          </label>
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? "Verifying..." : "Verify"}
          </button>
        </Form>
      </section>
    );
  }

  return (
    <section className="card narrow">
      <h1>Sign up</h1>
      <FormErrors error={error} />
      <Form method="post" className="form" noValidate>
        <input type="hidden" name="intent" value="register" />
        {loaderData.next && <input type="hidden" name="next" value={loaderData.next} />}
        <label>
          Name
          <input name="name" autoComplete="name" maxLength={100} />
        </label>
        <label>
          User Name
          <input name="username" autoComplete="username" maxLength={40} />
        </label>
        <label>
          Email
          <input name="email" type="email" autoComplete="email" maxLength={254} />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="new-password" maxLength={200} />
        </label>
        <label>
          Re-type Password
          <input name="passwordA" type="password" autoComplete="new-password" maxLength={200} />
        </label>
        <div className="actions">
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? "Submitting..." : "Register"}
          </button>
          <Link to="/" className="button">
            Cancel
          </Link>
        </div>
      </Form>
      <p>
        Already have an account? <Link to="/signin">Sign in</Link>
      </p>
    </section>
  );
}
