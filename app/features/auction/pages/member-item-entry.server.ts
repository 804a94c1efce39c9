// The admin's member-item entry (/memBid): the same `memberItemSchema` as the gallery's form and the API.
import { submitMemberItem } from "../../../../worker/domain/auction/auction";
import { parse } from "../../../../worker/domain/validation";
import { memberItemSchema } from "../../../kernel/schemas/auction";
import { requireAdmin, server } from "../../../lib/auth.server";
import { formAction, formFields } from "../../../lib/forms.server";
import type { Route } from "./+types/member-item-entry";

export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return null;
}

export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const fields = formFields(await request.formData());
  const values = { title: fields.title ?? "", description: fields.description ?? "", price: fields.price ?? "" };
  return formAction(
    async () => {
      const item = await submitMemberItem(server(context).deps, admin.id, parse(memberItemSchema, fields));
      return { submitted: { id: item.id, title: item.title, shortCode: item.shortCode, priceCents: item.priceCents } };
    },
    { values },
  );
}
