import { listStore } from "../../worker/domain/store/views";
import { server } from "../lib/auth.server";
import type { Route } from "./+types/digiprev";

/** Visitors may browse; the seller also sees their private products. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { deps, user } = server(context);
  return { origin: deps.origin, signedIn: Boolean(user), ...(await listStore(deps, user?.id ?? null, params.userId)) };
}
