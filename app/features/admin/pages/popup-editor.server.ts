// The popup editor's server side: admin only. `?id=` opens a saved popup to edit; saving goes
// through the shared schema, as a new popup or as the changes to the one being edited.
import { z } from "zod";
import { createPopup, popupForEditor, updatePopup } from "../../../../worker/domain/popups/popups";
import { parse } from "../../../../worker/domain/validation";
import { POPUP_SAVE_FAILED, POPUP_SAVED, popupSchema } from "../../../kernel/schemas/popups";
import { requireAdmin, server } from "../../../lib/auth.server";
import { orNotFound, pageAction } from "../../../lib/page-errors.server";
import type { Route } from "./+types/popup-editor";

const editedSchema = z.object({ id: z.string().trim().max(64).optional().catch(undefined) });

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const id = new URL(request.url).searchParams.get("id");
  if (!id) return { editing: null };
  const { deps } = server(context);
  const { popup, imageUrl } = await orNotFound(popupForEditor(deps, id.slice(0, 64)), "Popup not found.");
  return {
    editing: {
      id: popup.id,
      active: popup.active,
      header: popup.header,
      headerStyle: popup.headerStyle,
      paragraphText: popup.paragraphText,
      paragraphStyle: popup.paragraphStyle,
      buttonLabel: popup.buttonLabel,
      linkAddress: popup.linkAddress,
      imageKey: popup.imageKey ?? "",
      imageUrl,
      imageAlt: popup.imageAlt,
      startsAt: popup.startsAt?.getTime() ?? null,
      endsAt: popup.endsAt?.getTime() ?? null,
    },
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const { deps } = server(context);
  const body = await request.json().catch(() => null);
  return pageAction(
    async () => {
      const input = parse(popupSchema, body);
      const { id } = editedSchema.parse(body ?? {});
      const popup = id ? await updatePopup(deps, admin.id, id, input) : await createPopup(deps, admin.id, input);
      return { ok: true as const, message: POPUP_SAVED, id: popup.id, updated: Boolean(id) };
    },
    { unexpected: POPUP_SAVE_FAILED },
  );
}
