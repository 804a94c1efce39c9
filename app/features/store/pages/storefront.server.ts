import { buyerHoldings } from "../../../../worker/domain/orders/cart";
import { listStore } from "../../../../worker/domain/store/views";
import { storeQuerySchema } from "../../../kernel/schemas/beat-details";
import { server } from "../../../lib/auth.server";
import type { Route } from "./+types/storefront";

/** Visitors may browse; the seller also sees their private products. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { deps, user } = server(context);
  // Filters, search and sort are GET parameters (issue 33): unreadable ones are ignored.
  const query = storeQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const store = await listStore(deps, user?.id ?? null, params.userId, query);
  // What the buyer holds already: a row shows 'In your cart' or 'You own this' in place of 'Add to Cart'.
  const held = await buyerHoldings(
    deps,
    user?.id ?? null,
    store.products.map((product) => product.id),
  );
  return {
    origin: deps.origin,
    signedIn: Boolean(user),
    viewerId: user?.id ?? null,
    query,
    inCart: [...held.inCart.keys()],
    owned: [...held.owned],
    ...store,
  };
}
