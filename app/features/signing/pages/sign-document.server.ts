// The signing page's server side (/sign/:token): the signer's view of the request, and signing.
import { data } from "react-router";
import { DomainError } from "../../../../worker/domain/errors";
import { sign, signingView } from "../../../../worker/domain/signing/signatures";
import { parse } from "../../../../worker/domain/validation";
import { signSchema } from "../../../kernel/schemas/signing";
import { server } from "../../../lib/auth.server";
import { formAction, formFields } from "../../../lib/forms.server";
import type { Route } from "./+types/sign-document";

export async function loader({ context, params }: Route.LoaderArgs) {
  try {
    return { view: await signingView(server(context).deps, params.token) };
  } catch (error) {
    if (error instanceof DomainError) return data({ view: null }, { status: 404 });
    throw error;
  }
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { deps, caller } = server(context);
  const fields = formFields(await request.formData());
  return formAction(async () => sign(deps, params.token, parse(signSchema, fields), caller.clientId));
}
