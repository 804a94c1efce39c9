// Sign-in's server side (/signin): only for visitors; a good e-mail and password
// open a session (and remember the device) and go back where the member came
// from; an exception goes to /error (seed 000 §2).
import { redirect } from "react-router";
import { signIn } from "../../worker/domain/accounts/signin";
import { parse } from "../../worker/domain/validation";
import { deviceCookie } from "../../worker/security/device";
import { destroySession, sessionCookie } from "../../worker/sessions";
import { signinSchema } from "../kernel/schemas/accounts";
import { requireAnonymous, safeReturnPath, server } from "../lib/auth.server";
import { formAction, formFields } from "../lib/forms.server";
import type { Route } from "./+types/signin";

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
