// /purchases on the server: the buyer's settled orders with fresh links.
import { listPurchases } from "../../../../worker/domain/orders/purchases";
import { requireUser, server } from "../../../lib/auth.server";
import type { Route } from "./+types/purchases";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return { purchases: await listPurchases(server(context).deps, user.id) };
}
