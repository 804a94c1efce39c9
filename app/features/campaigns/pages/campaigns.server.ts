// /campaigns: the member's campaigns.
import { requireUser, server } from "../../../lib/auth.server";
import type { Route } from "./+types/campaigns";
import { campaignsOf } from "./campaign-data.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return { campaigns: await campaignsOf(server(context).deps, user.id) };
}
