// /webpopup: the active welcome popup as a page of its own, for sharing (public, with share tags);
// the admin previews any saved popup with ?id=, active or not.
import { getActivePopup } from "../../../../worker/domain/popups/active";
import { popupForEditor } from "../../../../worker/domain/popups/popups";
import { presentPopup } from "../../../kernel/popup";
import { server } from "../../../lib/auth.server";
import { orNotFound } from "../../../lib/page-errors.server";
import type { Route } from "./+types/popup";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { deps, user } = server(context);
  const id = new URL(request.url).searchParams.get("id");
  // Only the admin sees a popup that is not the active one; anyone else gets the active one.
  if (id && user?.role === "admin") {
    const { popup, imageUrl } = await orNotFound(popupForEditor(deps, id.slice(0, 64)), "Popup not found.");
    return {
      origin: deps.origin,
      popup: presentPopup(popup, imageUrl ?? popup.imageUrl),
      preview: { id: popup.id, active: popup.active },
    };
  }
  return { origin: deps.origin, popup: await getActivePopup(deps), preview: null };
}
