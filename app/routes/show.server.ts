// /shows/:slug: the public show page (server-rendered, Open Graph tags).
import { artworkUrl } from "../../worker/domain/shows/delivery";
import { enclosurePath, episodePath, feedPath } from "../../worker/domain/shows/feed";
import { publicEpisodes, showBySlug } from "../../worker/domain/shows/shows";
import { server } from "../lib/auth.server";
import { orNotFound } from "../lib/page-errors.server";
import type { Route } from "./+types/show";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { deps, user } = server(context);
  const show = await orNotFound(showBySlug(deps, params.slug));
  const episodes = await publicEpisodes(deps, show.id);
  return {
    show: {
      slug: show.slug,
      title: show.title,
      description: show.description,
      author: show.author,
      category: show.category,
      explicit: show.explicit,
      mediaType: show.mediaType,
      artwork: artworkUrl(deps.origin, show),
      feed: deps.origin + feedPath(show),
      url: `${deps.origin}/shows/${show.slug}`,
    },
    owner: user?.id === show.userId,
    episodes: episodes.map((e) => ({
      id: e.id,
      title: e.title,
      description: e.description,
      season: e.season,
      episodeNumber: e.episodeNumber,
      publishAt: e.publishAt.getTime(),
      page: episodePath(show, e),
      media: enclosurePath(show, e, show.mediaType),
    })),
  };
}
