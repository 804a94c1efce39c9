// One FarmerTV episode's own page (/farmereps/:episodeId): the address to share, rendered on the
// server with Open Graph and Twitter card tags (title, description, the episode's picture).
import { Link, useNavigate } from "react-router";
import { shareMeta } from "../../../lib/share-meta";
import { EpisodeCard } from "../components/EpisodeCard";
import type { Route } from "./+types/episode";
import "../farmertv.css";

export { loader } from "./episode.server";

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Episode not found · Creator Platform" }];
  const { episode, origin } = loaderData;
  return [
    ...shareMeta({
      origin,
      path: `/farmereps/${episode.id}`,
      title: episode.fileTitle,
      description: episode.fileDescription,
      image: episode.coverUrl,
      type: "video.episode",
    }),
    { property: "og:video", content: episode.url },
    ...(episode.type ? [{ property: "og:video:type", content: episode.type }] : []),
  ];
}

export default function Episode({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  return (
    <section className="card">
      <p>
        <Link to="/farmereps">All episodes</Link>
      </p>
      <ul className="episodes single">
        <EpisodeCard episode={loaderData.episode} headingLevel={1} onDeleted={() => navigate("/farmereps")} />
      </ul>
    </section>
  );
}
