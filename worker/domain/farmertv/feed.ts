// The FarmerTV video podcast feed: RSS 2.0 with the iTunes and Podcasting 2.0
// namespaces, made by the `podcast` library; enclosures carry each video's
// true byte length and type and point at stable app URLs.
import { Podcast } from "podcast";
import type { Deps } from "../deps";
import { xmlText } from "../document-text";
import { listEpisodes } from "./episodes";

export const FEED_PATH = "/api/episodes/feed.xml";

export async function episodesFeed(deps: Deps) {
  const feed = new Podcast({
    title: "FarmerTV",
    description: "Episodes uploaded by the creator platform's members.",
    feedUrl: `${deps.origin}${FEED_PATH}`,
    siteUrl: `${deps.origin}/farmereps`,
    author: "Creator Platform",
    language: "en",
    namespaces: { iTunes: true, podcast: true },
    itunesAuthor: "Creator Platform",
    itunesExplicit: false,
    itunesType: "episodic",
    itunesCategory: [{ text: "Leisure" }],
    itunesOwner: { name: "Creator Platform", email: deps.adminEmail },
    customElements: [{ "podcast:locked": "no" }, { "podcast:medium": "podcast" }],
  });
  for (const episode of await listEpisodes(deps)) {
    feed.addItem({
      title: xmlText(episode.fileTitle),
      description: xmlText(episode.fileDescription),
      url: `${deps.origin}/farmereps#episode-${episode.id}`,
      guid: episode.id,
      date: episode.createdAt,
      author: xmlText(episode.userName),
      enclosure: { url: episode.url, size: episode.size, type: episode.type },
      ...(episode.durationSeconds ? { itunesDuration: Math.round(episode.durationSeconds) } : {}),
      ...(episode.coverUrl ? { itunesImage: episode.coverUrl } : {}),
      itunesExplicit: false,
    });
  }
  return feed.buildXml();
}
