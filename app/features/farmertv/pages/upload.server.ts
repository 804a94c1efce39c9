// FarmerTV's server side (/farmertv): members only; the page itself talks to the episodes API.
import { requireUser } from "../../../lib/auth.server";
import type { Route } from "./+types/upload";

export function loader({ context, request }: Route.LoaderArgs) {
  requireUser(context, request);
  return null;
}
