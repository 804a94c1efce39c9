import { Form, Link, redirect, useNavigation } from "react-router";
import { signIn } from "../../worker/domain/accounts/signin";
import { parse } from "../../worker/domain/validation";
import { deviceCookie } from "../../worker/security/device";
import { destroySession, sessionCookie } from "../../worker/sessions";
import { requireAnonymous, safeReturnPath, server } from "../lib/auth.server";
import { formAction, formFields } from "../lib/forms.server";
import { signinSchema } from "../lib/schemas/accounts";
import type { Route } from "./+types/signin";

export function meta() {
  return [{ title: "Sign in · Creator Platform" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  requireAnonymous(context);
  const url = new URL(request.url);
  return { from: safeReturnPath(url.searchParams.get("from"), url.origin) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { deps, caller } = server(context);
  const fields = formFields(await request.formData());
  try {
    return await formAction(async () => {
      const { token, deviceToken } = await signIn(deps, parse(signinSchema, fields), caller);
      await destroySession(deps.db, request);
      const to = safeReturnPath(fields.from, new URL(request.url).origin) ?? "/authenticated";
      const headers = new Headers();
      headers.append("set-cookie", sessionCookie(request, token));
      headers.append("set-cookie", deviceCookie(request, deviceToken));
      throw redirect(to, { headers });
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    // Seed 000 §2: an exception during sign-in sends the user to /error.
    console.error(error);
    throw redirect("/error");
  }
}

export default function Signin({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <section className="card narrow">
      <h1>Sign in</h1>
      {error && (
        <p className="error" role="alert">
          {error.message}
        </p>
      )}
      <Form method="post" className="form">
        {loaderData.from && <input type="hidden" name="from" value={loaderData.from} />}
        <label>
          Email Address
          <input name="email" type="email" autoComplete="email" required />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <div className="actions">
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? "Submitting..." : "Submit"}
          </button>
          <Link to="/" className="button">
            Cancel
          </Link>
        </div>
      </Form>
      <p>
        New here? <Link to="/signup">Create an account</Link>
      </p>
    </section>
  );
}
