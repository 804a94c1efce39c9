// The popup editor's server side: admin only; saving goes through the shared schema.
import { data } from "react-router";
import { createPopup } from "../../worker/domain/popups/popups";
import { parse } from "../../worker/domain/validation";
import { requireAdmin, server } from "../lib/auth.server";
import { formAction } from "../lib/forms.server";
import { POPUP_SAVE_FAILED, POPUP_SAVED, popupSchema } from "../lib/schemas/popups";
import type { Route } from "./+types/popcustom";

export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return null;
}

export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const { deps } = server(context);
  const body = await request.json().catch(() => null);
  try {
    return await formAction(async () => {
      const popup = await createPopup(deps, admin.id, parse(popupSchema, body));
      return { ok: true as const, message: POPUP_SAVED, id: popup.id };
    });
  } catch (error) {
    console.error(error);
    return data({ error: { code: "internal", message: POPUP_SAVE_FAILED } }, { status: 500 });
  }
}
