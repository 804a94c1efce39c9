import { ComingSoon } from "../components/ComingSoon";
import { plannedTitle } from "../lib/planned";
import type { Route } from "./+types/planned.public";

export function loader({ request }: Route.LoaderArgs) {
  return { title: plannedTitle(new URL(request.url).pathname) };
}

export default ComingSoon;
