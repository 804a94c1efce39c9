// /shows/:slug: the public show page with its episodes, each playable here in
// the shared player with its current chapters.
import { Link } from "react-router";
import { LocalTime } from "../../../components/LocalTime";
import { MediaPlayer } from "../../../components/media/MediaPlayer";
import { Badge, Card, EmptyState, GeneratedCover } from "../../../components/ui";
import showStyles from "../components/shows.module.css";
import type { Route } from "./+types/show";

export { loader } from "./show.server";

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Show · Creator Platform" }];
  const { show } = loaderData;
  return [
    { title: `${show.title} · Creator Platform` },
    { name: "description", content: show.description.slice(0, 200) },
    { property: "og:type", content: "website" },
    { property: "og:title", content: show.title },
    { property: "og:description", content: show.description.slice(0, 200) },
    { property: "og:url", content: show.url },
    ...(show.artwork ? [{ property: "og:image", content: show.artwork }] : []),
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: show.title, href: show.feed },
  ];
}

export default function ShowPage({ loaderData }: Route.ComponentProps) {
  const { show, episodes, owner } = loaderData;
  return (
    <div className={showStyles.page}>
      <header className={showStyles.header}>
        {show.artwork ? (
          <img className={showStyles.artwork} src={show.artwork} alt="" width={160} height={160} />
        ) : (
          <GeneratedCover title={show.title} className={showStyles.generatedArtwork} />
        )}
        <div>
          <h1>{show.title}</h1>
          <p className={showStyles.muted}>
            {show.author} · {show.category} {show.explicit && <Badge tone="warning">Explicit</Badge>}
          </p>
          <p>{show.description}</p>
          <p className={showStyles.actions}>
            <a href={show.feed}>RSS feed</a>
            {owner && <Link to={`/shows/${show.slug}/manage`}>Manage episodes</Link>}
            {owner && <Link to={`/shows/${show.slug}/stats`}>Stats</Link>}
          </p>
        </div>
      </header>
      <section aria-labelledby="episodes">
        <h2 id="episodes">Episodes</h2>
        {episodes.length === 0 ? (
          <EmptyState title="No episodes yet" />
        ) : (
          <ul className={showStyles.list}>
            {episodes.map((episode) => (
              <li key={episode.id}>
                <Card>
                  <h3>
                    <Link to={episode.page}>{episode.title}</Link>
                  </h3>
                  <p className={showStyles.muted}>
                    {episode.season ? `Season ${episode.season} · ` : ""}
                    {episode.episodeNumber ? `Episode ${episode.episodeNumber} · ` : ""}
                    <LocalTime value={episode.publishAt} />
                  </p>
                  <p className={showStyles.description}>{episode.description}</p>
                  <MediaPlayer
                    src={episode.ready ? episode.media : null}
                    label={episode.title}
                    kind={show.mediaType}
                    durationSeconds={episode.durationSeconds}
                    chapters={episode.chapters}
                    poster={show.artwork}
                    pending="Being prepared"
                  />
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
