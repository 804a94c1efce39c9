// /shows/:slug/episodes/:id: one episode's page with its player and its current chapters.
import { artworkUrl, listenedEpisode } from "../../../../worker/domain/shows/delivery";
import { enclosurePath, mediaFrom } from "../../../../worker/domain/shows/feed";
import { server } from "../../../lib/auth.server";
import { orNotFound } from "../../../lib/page-errors.server";
import type { Route } from "./+types/episode";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { deps } = server(context);
  // The show, the episode and its current version in one D1 round trip (a video's render in a second).
  const { show, episode, current } = await orNotFound(listenedEpisode(deps, params.slug, params.id));
  const media = await mediaFrom(deps, show, episode, current);
  return {
    show: { slug: show.slug, title: show.title, author: show.author, artwork: artworkUrl(deps.origin, show) },
    episode: {
      id: episode.id,
      title: episode.title,
      description: episode.description,
      season: episode.season,
      episodeNumber: episode.episodeNumber,
      publishAt: episode.publishAt.getTime(),
      url: `${deps.origin}/shows/${show.slug}/episodes/${episode.id}`,
    },
    mediaType: show.mediaType,
    media: enclosurePath(show, episode, show.mediaType),
    ready: media !== null,
    durationSeconds: media?.durationSeconds ?? null,
    chapters: media?.stitched?.chapters ?? [],
  };
}
