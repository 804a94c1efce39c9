// A lot's page (/bidgallery/:code): the lot as the listing and its object have it now, and the
// viewer's own standing; offers go through the gallery's action (the same form, the same answers).
import { lotView } from "../../../../worker/domain/auction/auction";
import { hasShippingAddress } from "../../../../worker/domain/shipping/addresses";
import { server } from "../../../lib/auth.server";
import { orNotFound } from "../../../lib/page-errors.server";
import type { Route } from "./+types/lot";

export { action } from "./gallery.server";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { deps, user } = server(context);
  const [lot, hasAddress] = await Promise.all([
    orNotFound(lotView(deps, params.code, user?.id ?? null), "This lot does not exist."),
    user ? hasShippingAddress(deps, user.id) : Promise.resolve(false),
  ]);
  return { origin: deps.origin, signedIn: Boolean(user), hasAddress, ...lot };
}
