// /shows/:slug/stats: for the show's team (owners, editors and viewers, ADR 054), the counted downloads per day, app and country, for the show or one episode.
import { downloadStats } from "../../../../worker/domain/shows/downloads";
import { showEpisodesOf, teamShow } from "../../../../worker/domain/shows/shows";
import { requireUser, server } from "../../../lib/auth.server";
import { orNotFound } from "../../../lib/page-errors.server";
import type { Route } from "./+types/stats";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  const { show } = await orNotFound(teamShow(deps, user.id, params.slug));
  const asked = new URL(request.url).searchParams.get("episode");
  // The episodes and the asked episode's figures side by side; an id that is none of the show's
  // episodes gets the whole show's figures (one more wait, only then).
  const [episodes, askedStats] = await Promise.all([
    showEpisodesOf(deps, show.id),
    downloadStats(deps, show.id, asked || null),
  ]);
  const episode = episodes.find((e) => e.id === asked) ?? null;
  const stats = !asked || episode ? askedStats : await downloadStats(deps, show.id, null);
  return {
    show: { slug: show.slug, title: show.title },
    /** The feed's full address, for the empty state to offer for sharing. */
    feedUrl: `${deps.origin}/api/shows/${show.slug}/feed.xml`,
    episodes: episodes.map((e) => ({ id: e.id, title: e.title })),
    episodeId: episode?.id ?? null,
    stats,
  };
}
