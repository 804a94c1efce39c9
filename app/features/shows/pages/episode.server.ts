// /shows/:slug/episodes/:id: one episode's page with its player and its current chapters, and the
// show's other newest episodes ('More episodes'). The show, its listed episodes and their current
// versions in one D1 round trip (`listedShow`; a video's render in a second).
import type { ServedVersion } from "../../../../worker/db/schema";
import { artworkUrl, chooseVersion, listedShow } from "../../../../worker/domain/shows/delivery";
import { enclosurePath, episodePath, feedPath, mediaFrom } from "../../../../worker/domain/shows/feed";
import { server } from "../../../lib/auth.server";
import { notFound } from "../../../lib/page-errors";
import { orNotFound } from "../../../lib/page-errors.server";
import type { Route } from "./+types/episode";

/** How many other episodes 'More episodes' lists. */
export const MORE_EPISODES = 4;

const lengthOf = (version: ServedVersion | null) =>
  version ? version.segments.reduce((total, segment) => total + segment.durationSeconds, 0) : null;

export async function loader({ context, params }: Route.LoaderArgs) {
  const { deps } = server(context);
  const { show, episodes, current, peaks } = await orNotFound(listedShow(deps, params.slug));
  const episode = episodes.find((e) => e.id === params.id);
  if (!episode) notFound();
  const media = await mediaFrom(deps, show, episode, current(episode));
  const artwork = artworkUrl(deps.origin, show);
  return {
    show: {
      slug: show.slug,
      title: show.title,
      author: show.author,
      artwork,
      feed: deps.origin + feedPath(show),
    },
    episode: {
      id: episode.id,
      title: episode.title,
      description: episode.description,
      season: episode.season,
      episodeNumber: episode.episodeNumber,
      publishAt: episode.publishAt.getTime(),
      url: deps.origin + episodePath(show, episode),
    },
    mediaType: show.mediaType,
    media: enclosurePath(show, episode, show.mediaType),
    ready: media !== null,
    durationSeconds: media?.durationSeconds ?? null,
    chapters: media?.stitched?.chapters ?? [],
    peaks: media?.stitched ? peaks(media.stitched.segments) : null,
    more: episodes
      .filter((e) => e.id !== episode.id)
      .slice(0, MORE_EPISODES)
      .map((e) => ({
        id: e.id,
        title: e.title,
        season: e.season,
        episodeNumber: e.episodeNumber,
        publishAt: e.publishAt.getTime(),
        page: episodePath(show, e),
        durationSeconds: show.mediaType === "audio" ? lengthOf(chooseVersion(deps, e, current(e)).version) : null,
      })),
  };
}
