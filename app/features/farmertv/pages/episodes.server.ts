import { listEpisodes } from "../../../../worker/domain/farmertv/episodes";
import { server } from "../../../lib/auth.server";
import type { Route } from "./+types/episodes";

/** Public, rendered on the server so shared links and crawlers see the episodes (issue 28 §5). */
export async function loader({ context }: Route.LoaderArgs) {
  const { deps, user } = server(context);
  return {
    origin: deps.origin,
    episodes: await listEpisodes(deps, { includeHidden: user?.role === "admin" }),
  };
}
