import { listStore } from "../../../../worker/domain/store/views";
import { storeQuerySchema } from "../../../kernel/schemas/beat-details";
import { server } from "../../../lib/auth.server";
import type { Route } from "./+types/storefront";

/** Visitors may browse; the seller also sees their private products. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { deps, user } = server(context);
  // Filters, search and sort are GET parameters (issue 33): unreadable ones are ignored.
  const query = storeQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return {
    origin: deps.origin,
    signedIn: Boolean(user),
    viewerId: user?.id ?? null,
    query,
    ...(await listStore(deps, user?.id ?? null, params.userId, query)),
  };
}
