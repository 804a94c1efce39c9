// The create-bid page's server side (/createBid, admin): the items arrive as JSON (their files are
// already uploaded); each is checked with `bidItemDraft` and the invalid ones are skipped.
import { data } from "react-router";
import { createBidItems } from "../../../../worker/domain/auction/auction";
import { parse } from "../../../../worker/domain/validation";
import { createBidItemsSchema } from "../../../kernel/schemas/auction";
import { requireAdmin, server } from "../../../lib/auth.server";
import { formAction, formFields } from "../../../lib/forms.server";
import type { Route } from "./+types/create-lots";

export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return null;
}

export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const json = (request.headers.get("content-type") ?? "").includes("application/json");
  const body: unknown = json ? await request.json().catch(() => null) : formFields(await request.formData());
  if (!body || typeof body !== "object" || (body as { intent?: unknown }).intent !== "create")
    throw data("Unknown form.", { status: 400 });
  return formAction(
    async () => {
      const { items } = parse(createBidItemsSchema, body);
      const result = await createBidItems(server(context).deps, admin.id, items);
      return { intent: "create" as const, ...result };
    },
    { intent: "create" as const },
  );
}

export type CreateBidAction = typeof action;
