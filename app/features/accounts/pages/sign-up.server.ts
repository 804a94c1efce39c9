// Sign-up's server side (/signup): only for visitors; registering sends a
// six-digit code by e-mail, verifying it creates the account, opens a session
// and goes on to `next`.
import { redirect } from "react-router";
import { startSignup, verifySignup } from "../../../../worker/domain/accounts/signup";
import { parse } from "../../../../worker/domain/validation";
import { destroySession, sessionCookie } from "../../../../worker/sessions";
import { signupSchema, verifySchema } from "../../../kernel/schemas/accounts";
import { requireAnonymous, server } from "../../../lib/auth.server";
import { formAction, formFields } from "../../../lib/forms.server";
import type { Route } from "./+types/sign-up";

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
