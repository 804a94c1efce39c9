// /shows/:slug: the public show page, as Castopod and Spotify for Creators lay it out: artwork (or a
// generated cover, the kit's GeneratedCover) beside the title, author, category and description, 'Follow' (copy the RSS feed,
// Apple Podcasts, Spotify, Pocket Casts), then the episodes, each with a Play button that opens the
// product's player in its row. One main landmark: the shell's.
import { Link } from "react-router";
import { Badge, buttonClass, EmptyState } from "../../../components/ui";
import { EpisodeList } from "../components/EpisodeList";
import styles from "../components/listen.module.css";
import { Artwork, FollowBar } from "../components/listen-parts";
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
    <div className={styles.page}>
      <header className={styles.hero}>
        <Artwork src={show.artwork} title={show.title} size="hero" />
        <div className={styles.heroText}>
          <p className={styles.eyebrow}>
            <span>Podcast · {show.category}</span>
            {show.explicit && <Badge tone="warning">Explicit</Badge>}
          </p>
          <h1>{show.title}</h1>
          <p className={styles.byline}>by {show.author}</p>
          <p className={styles.lede}>{show.description}</p>
          <FollowBar feed={show.feed} title={show.title} />
          {owner && (
            <p className={styles.owner}>
              <Link className={buttonClass("ghost", "sm")} to={`/shows/${show.slug}/manage`}>
                Manage episodes
              </Link>
              <Link className={buttonClass("ghost", "sm")} to={`/shows/${show.slug}/stats`}>
                Stats
              </Link>
            </p>
          )}
        </div>
      </header>
      <section aria-labelledby="episodes">
        <div className={styles.sectionHead}>
          <h2 id="episodes">Episodes</h2>
          {episodes.length > 0 && (
            <span className={styles.count}>{episodes.length === 1 ? "1 episode" : `${episodes.length} episodes`}</span>
          )}
        </div>
        {episodes.length === 0 ? (
          <EmptyState
            title="No episodes yet"
            action={
              owner && (
                <Link className={buttonClass("primary")} to={`/shows/${show.slug}/manage`}>
                  Publish a playlist
                </Link>
              )
            }
          >
            {owner ? "Publish a playlist as this show's first episode." : "Follow the show to hear the first one."}
          </EmptyState>
        ) : (
          <EpisodeList episodes={episodes} artwork={show.artwork} showTitle={show.title} kind={show.mediaType} />
        )}
      </section>
    </div>
  );
}
