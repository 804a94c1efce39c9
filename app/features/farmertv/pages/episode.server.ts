import { getEpisode, listEpisodes } from "../../../../worker/domain/farmertv/episodes";
import { server } from "../../../lib/auth.server";
import { orNotFound } from "../../../lib/page-errors.server";
import type { Route } from "./+types/episode";

/** How many other episodes the page lists under 'More episodes'. */
const MORE = 4;

/** One episode's own page, rendered on the server; a hidden one is a 404 except for the admin. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { deps, user } = server(context);
  const episode = await orNotFound(
    getEpisode(deps, params.episodeId, { includeHidden: user?.role === "admin" }),
    "Episode not found.",
  );
  const more = (await listEpisodes(deps)).filter((other) => other.id !== episode.id).slice(0, MORE);
  return { origin: deps.origin, episode, more };
}
