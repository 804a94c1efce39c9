// A show's Podcasting 2.0 RSS feed: what Apple Podcasts and Spotify require
// (itunes:image at a stable address ending in .jpg or .png, itunes:owner with
// itunes:email, itunes:category, itunes:explicit, itunes:author, an enclosure
// with its type and exact length, a guid) plus podcast:guid, podcast:chapters,
// podcast:funding and podcast:locked. Member text is stripped of characters
// XML forbids and escaped, so no title can break the feed.
import { and, desc, eq } from "drizzle-orm";
import { renders, type ServedVersion, type Show, type ShowEpisode } from "../../db/schema";
import type { Deps } from "../deps";
import { escapeXml as xml } from "../document-text";
import { artworkUrl, chooseVersion, currentVersion, type Stitched, stitch } from "./delivery";
import { publicEpisodes } from "./shows";
import { episodePicture, uploadedMedia, videoExtension } from "./uploaded";

export const showPath = (show: Pick<Show, "slug">) => `/shows/${show.slug}`;
export const feedPath = (show: Pick<Show, "slug">) => `/api/shows/${show.slug}/feed.xml`;
export const episodePath = (show: Pick<Show, "slug">, episode: Pick<ShowEpisode, "id">) =>
  `${showPath(show)}/episodes/${episode.id}`;
export const enclosurePath = (
  show: Pick<Show, "slug">,
  episode: Pick<ShowEpisode, "id" | "mediaKey" | "mediaContentType">,
  mediaType: Show["mediaType"],
) =>
  `/api/shows/${show.slug}/episodes/${episode.id}/${
    mediaType === "audio" ? "audio.mp3" : `video.${episode.mediaKey ? videoExtension(episode.mediaContentType) : "mp4"}`
  }`;
export const coverPath = (show: Pick<Show, "slug">, episode: Pick<ShowEpisode, "id">, extension: string) =>
  `/api/shows/${show.slug}/episodes/${episode.id}/cover.${extension}`;
export const chaptersPath = (show: Pick<Show, "slug">, episode: Pick<ShowEpisode, "id">) =>
  `/api/shows/${show.slug}/episodes/${episode.id}/chapters.json`;

/** "01:02:03" */
function hms(seconds: number) {
  const s = Math.round(seconds);
  return [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, "0")).join(":");
}

/** A video episode's file: the playlist's latest finished render, as served today. */
export async function latestRender(deps: Deps, episode: ShowEpisode) {
  if (!episode.playlistId) return null;
  const [render] = await deps.db
    .select()
    .from(renders)
    .where(and(eq(renders.playlistId, episode.playlistId), eq(renders.status, "done")))
    .orderBy(desc(renders.createdAt))
    .limit(1);
  return render?.size ? render : null;
}

export interface EpisodeMedia {
  size: number;
  durationSeconds: number;
  type: string;
  stitched: Stitched | null;
}

/** What the episode's enclosure serves now; null when nothing is ready yet. */
export async function episodeMedia(deps: Deps, show: Show, episode: ShowEpisode): Promise<EpisodeMedia | null> {
  if (show.mediaType === "video" || uploadedMedia(episode)) return mediaFrom(deps, show, episode, null);
  const current = await currentVersion(deps, episode);
  await chooseVersion(deps, episode, current).record?.();
  return mediaFrom(deps, show, episode, current);
}

/**
 * What the enclosure serves, from the episode's current version read beforehand (`listedShow`,
 * `listenedEpisode`); a video episode reads its latest render. Records nothing: a page shows what
 * a listener would get, the listener's own request keeps the served version.
 */
export async function mediaFrom(
  deps: Deps,
  show: Show,
  episode: ShowEpisode,
  current: ServedVersion | null,
): Promise<EpisodeMedia | null> {
  const uploaded = uploadedMedia(episode);
  if (uploaded) return { ...uploaded, stitched: null };
  if (show.mediaType === "video") {
    const render = await latestRender(deps, episode);
    if (!render) return null;
    return { size: render.size!, durationSeconds: render.durationSeconds ?? 0, type: "video/mp4", stitched: null };
  }
  const { version } = chooseVersion(deps, episode, current);
  if (!version) return null;
  const stitched = await stitch(deps, show, episode, version);
  return { size: stitched.size, durationSeconds: stitched.durationSeconds, type: "audio/mpeg", stitched };
}

export async function showFeed(deps: Deps, show: Show): Promise<string> {
  const origin = deps.origin;
  const episodes = await publicEpisodes(deps, show.id);
  const media = await Promise.all(episodes.map((episode) => episodeMedia(deps, show, episode)));
  const art = artworkUrl(origin, show);
  const items = episodes.flatMap((episode, i) => {
    const file = media[i];
    if (!file) return [];
    const picture = episodePicture(episode);
    return [
      [
        "<item>",
        `<title>${xml(episode.title)}</title>`,
        `<description>${xml(episode.description)}</description>`,
        `<link>${xml(origin + episodePath(show, episode))}</link>`,
        `<guid isPermaLink="false">${xml(episode.guid)}</guid>`,
        `<pubDate>${episode.publishAt.toUTCString()}</pubDate>`,
        `<enclosure url="${xml(origin + enclosurePath(show, episode, show.mediaType))}" length="${file.size}" type="${file.type}"/>`,
        `<itunes:title>${xml(episode.title)}</itunes:title>`,
        file.durationSeconds ? `<itunes:duration>${hms(file.durationSeconds)}</itunes:duration>` : "",
        picture ? `<itunes:image href="${xml(origin + coverPath(show, episode, picture.extension))}"/>` : "",
        `<itunes:explicit>${show.explicit ? "true" : "false"}</itunes:explicit>`,
        `<itunes:episodeType>full</itunes:episodeType>`,
        episode.season ? `<itunes:season>${episode.season}</itunes:season>` : "",
        episode.episodeNumber ? `<itunes:episode>${episode.episodeNumber}</itunes:episode>` : "",
        file.stitched
          ? `<podcast:chapters url="${xml(origin + chaptersPath(show, episode))}" type="application/json+chapters"/>`
          : "",
        "</item>",
      ]
        .filter(Boolean)
        .join("\n"),
    ];
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    `<title>${xml(show.title)}</title>`,
    `<link>${xml(origin + showPath(show))}</link>`,
    `<description>${xml(show.description)}</description>`,
    `<language>${xml(show.language)}</language>`,
    `<atom:link href="${xml(origin + feedPath(show))}" rel="self" type="application/rss+xml"/>`,
    `<itunes:author>${xml(show.author)}</itunes:author>`,
    // Apple asks for an owner with an e-mail (it writes there to confirm who may list the show).
    // The platform's address, not the member's: a feed is public and their account e-mail is not.
    `<itunes:owner><itunes:name>${xml(show.author)}</itunes:name><itunes:email>${xml(deps.adminEmail)}</itunes:email></itunes:owner>`,
    art ? `<itunes:image href="${xml(art)}"/>` : "",
    art
      ? `<image><url>${xml(art)}</url><title>${xml(show.title)}</title><link>${xml(origin + showPath(show))}</link></image>`
      : "",
    `<itunes:category text="${xml(show.category)}"/>`,
    `<itunes:explicit>${show.explicit ? "true" : "false"}</itunes:explicit>`,
    "<itunes:type>episodic</itunes:type>",
    `<podcast:guid>${xml(show.podcastGuid)}</podcast:guid>`,
    "<podcast:locked>yes</podcast:locked>",
    `<podcast:funding url="${xml(`${origin}/fundraiser`)}">Support the show</podcast:funding>`,
    ...items,
    "</channel>",
    "</rss>",
  ]
    .filter(Boolean)
    .join("\n");
}
