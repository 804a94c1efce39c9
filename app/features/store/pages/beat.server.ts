import { buyerHoldings } from "../../../../worker/domain/orders/cart";
import { storeProduct } from "../../../../worker/domain/store/views";
import { server } from "../../../lib/auth.server";
import { orNotFound } from "../../../lib/page-errors.server";
import type { Route } from "./+types/beat";

/** One product's own page: public-read products on sale; the seller also sees a private one. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { deps, user } = server(context);
  const view = await orNotFound(storeProduct(deps, user?.id ?? null, params.userId, params.productId));
  const held = await buyerHoldings(deps, user?.id ?? null, [view.product.id]);
  return {
    origin: deps.origin,
    signedIn: Boolean(user),
    viewerId: user?.id ?? null,
    /** The buyer's cart holds the beat (with this licence tier; null: its own licence). */
    inCart: held.inCart.has(view.product.id),
    cartTierId: held.inCart.get(view.product.id) ?? null,
    owned: held.owned.has(view.product.id),
    ...view,
  };
}
