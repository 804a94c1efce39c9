// The public episodes list (seed 001 screen 11), rendered on the server so a shared link and a crawler
// see the episodes themselves (issue 28 §5): 'No episodes uploaded yet.' when empty, else the cards,
// each linking to the episode's own page (/farmereps/:episodeId).

import { NO_EPISODES } from "../../../kernel/schemas/farmertv-messages";
import { shareMeta } from "../../../lib/share-meta";
import { EpisodeCard } from "../components/EpisodeCard";
import type { Route } from "./+types/episodes";
import "../farmertv.css";

export { loader } from "./episodes.server";

export function meta({ loaderData }: Route.MetaArgs) {
  const first = loaderData?.episodes.find((episode) => !episode.hidden);
  return [
    ...shareMeta({
      origin: loaderData?.origin ?? "http://localhost",
      path: "/farmereps",
      title: "Episodes",
      description: "FarmerTV: video episodes from the community, free to watch and to follow by RSS.",
      image: first?.coverUrl,
    }),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: "FarmerTV",
      href: "/api/episodes/feed.xml",
    },
  ];
}

export default function FarmerEps({ loaderData }: Route.ComponentProps) {
  const { episodes } = loaderData;
  return (
    <div className="farmertv">
      <header className="farmertv-head">
        <p className="farmertv-eyebrow">FarmerTV</p>
        <h1>Episodes</h1>
        <p>
          <a href="/api/episodes/feed.xml">Subscribe to the video podcast feed (RSS)</a>
        </p>
      </header>
      {episodes.length === 0 ? (
        <p className="empty-state">{NO_EPISODES}</p>
      ) : (
        <ul className="episodes">
          {episodes.map((episode) => (
            <EpisodeCard key={episode.id} episode={episode} />
          ))}
        </ul>
      )}
    </div>
  );
}
