// /shows/:slug/episodes/:id: one episode's page with its player and its current chapters.
import { artworkUrl } from "../../worker/domain/shows/delivery";
import { enclosurePath, episodeMedia } from "../../worker/domain/shows/feed";
import { publicEpisode, showBySlug } from "../../worker/domain/shows/shows";
import { server } from "../lib/auth.server";
import { orNotFound } from "../lib/page-errors.server";
import type { Route } from "./+types/show-episode";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { deps } = server(context);
  const show = await orNotFound(showBySlug(deps, params.slug));
  const episode = await orNotFound(publicEpisode(deps, show, params.id));
  const media = await episodeMedia(deps, show, episode);
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
