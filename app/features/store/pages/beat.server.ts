import { storeProduct } from "../../../../worker/domain/store/views";
import { server } from "../../../lib/auth.server";
import { orNotFound } from "../../../lib/page-errors.server";
import type { Route } from "./+types/beat";

/** One product's own page: public-read products on sale; the seller also sees a private one. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { deps, user } = server(context);
  const view = await orNotFound(storeProduct(deps, user?.id ?? null, params.userId, params.productId));
  return { origin: deps.origin, signedIn: Boolean(user), viewerId: user?.id ?? null, ...view };
}
