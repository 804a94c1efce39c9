import { formStamp, joinCommunity } from "../../../../worker/domain/community/signups";
import { server } from "../../../lib/auth.server";
import { formAction, formFields } from "../../../lib/forms.server";
import type { Route } from "./+types/early-risers";

export async function loader({ context }: Route.LoaderArgs) {
  return { startedAt: await formStamp(server(context).deps) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { deps, caller } = server(context);
  const fields = formFields(await request.formData());
  const values = { name: fields.name ?? "", email: fields.email ?? "", message: fields.message ?? "" };
  return formAction(() => joinCommunity(deps, caller, fields), { values });
}
