import { ComingSoon } from "../components/ComingSoon";
import { requireAdmin } from "../lib/auth.server";
import { plannedTitle } from "../lib/planned";
import type { Route } from "./+types/planned.admin";

export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return { title: plannedTitle(new URL(request.url).pathname) };
}

export default ComingSoon;
