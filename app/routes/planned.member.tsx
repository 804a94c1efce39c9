import { ComingSoon } from "../components/ComingSoon";
import { requireUser } from "../lib/auth.server";
import { plannedTitle } from "../lib/planned";
import type { Route } from "./+types/planned.member";

export function loader({ context, request }: Route.LoaderArgs) {
  requireUser(context, request);
  return { title: plannedTitle(new URL(request.url).pathname) };
}

export default ComingSoon;
