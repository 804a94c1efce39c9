// Sign-in's server side (/signin): only for visitors; a good e-mail and password
// open a session (and remember the device) and go back where the member came
// from; an exception goes to /error (seed 000 §2). A visitor's 'Add to Cart' comes along as a pending
// add (`add`, `tier`: ids only): once signed in, the product goes in the cart on the server and the
// member lands on the cart (worker/domain/orders/pending-add.ts).
import { redirect } from "react-router";
import { signIn } from "../../../../worker/domain/accounts/signin";
import { completePendingAdd, pendingAddTitle, readPendingAdd } from "../../../../worker/domain/orders/pending-add";
import { parse } from "../../../../worker/domain/validation";
import { deviceCookie } from "../../../../worker/security/device";
import { destroySession, sessionCookie } from "../../../../worker/sessions";
import { signinSchema } from "../../../kernel/schemas/accounts";
import { requireAnonymous, safeReturnPath, server } from "../../../lib/auth.server";
import { formAction, formFields } from "../../../lib/forms.server";
import type { Route } from "./+types/sign-in";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAnonymous(context);
  const url = new URL(request.url);
  const pending = readPendingAdd({ add: url.searchParams.get("add"), tier: url.searchParams.get("tier") });
  // Only a product anyone may buy is named and carried on; anything else is dropped quietly.
  const title = pending && (await pendingAddTitle(server(context).deps, pending));
  return {
    from: safeReturnPath(url.searchParams.get("from"), url.origin),
    pendingAdd: pending && title ? { ...pending, title } : null,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { deps, caller } = server(context);
  const fields = formFields(await request.formData());
  try {
    return await formAction(async () => {
      const { token, deviceToken, user } = await signIn(deps, parse(signinSchema, fields), caller);
      await destroySession(deps.db, request);
      const pending = readPendingAdd({ add: fields.add, tier: fields.tier });
      const to = pending
        ? await completePendingAdd(deps, user.id, pending)
        : (safeReturnPath(fields.from, new URL(request.url).origin) ?? "/authenticated");
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
