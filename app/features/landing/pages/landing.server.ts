// The landing page on the server: the active welcome popup, cut to what the page shows.
import { getActivePopup } from "../../../../worker/domain/popups/active";
import { landingPopup } from "../../../kernel/popup";
import { server } from "../../../lib/auth.server";
import type { Route } from "./+types/landing";

export async function loader({ context }: Route.LoaderArgs) {
  const popup = await getActivePopup(server(context).deps);
  // Cut on the server: the full text is never needed here, so it is never sent.
  return { popup: popup && landingPopup(popup) };
}
