// /shows/:slug: the public show page (server-rendered, Open Graph tags), each
// listed episode with what its player needs: whether it is ready, its length
// and its current chapters (for the newest SHOW_PAGE_PLAYERS; older ones play
// without chapter marks, which their own page has).
import { artworkUrl, listedShow } from "../../../../worker/domain/shows/delivery";
import { enclosurePath, episodePath, feedPath, mediaFrom } from "../../../../worker/domain/shows/feed";
import { server } from "../../../lib/auth.server";
import { orNotFound } from "../../../lib/page-errors.server";
import type { Route } from "./+types/show";

/** Episodes whose chapters and length the show page reads (newest first). */
export const SHOW_PAGE_PLAYERS = 50;

export async function loader({ context, params }: Route.LoaderArgs) {
  const { deps, user } = server(context);
  // The show, its episodes and their current versions in one D1 round trip; a video show's
  // renders side by side in a second.
  const { show, episodes, current } = await orNotFound(listedShow(deps, params.slug));
  const media = await Promise.all(
    episodes.slice(0, SHOW_PAGE_PLAYERS).map((e) => mediaFrom(deps, show, e, current(e))),
  );
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
    episodes: episodes.map((e, i) => ({
      id: e.id,
      title: e.title,
      description: e.description,
      season: e.season,
      episodeNumber: e.episodeNumber,
      publishAt: e.publishAt.getTime(),
      page: episodePath(show, e),
      media: enclosurePath(show, e, show.mediaType),
      ready: i >= media.length || media[i] !== null,
      durationSeconds: media[i]?.durationSeconds ?? null,
      chapters: (media[i]?.stitched?.chapters ?? []).map((c) => ({ title: c.title, startSeconds: c.startTime })),
    })),
  };
}
