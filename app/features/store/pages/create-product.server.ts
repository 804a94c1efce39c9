import { requireUser } from "../../../lib/auth.server";
import type { Route } from "./+types/create-product";

export function loader({ context, request }: Route.LoaderArgs) {
  return { userId: requireUser(context, request).id };
}
