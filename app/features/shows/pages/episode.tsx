// /shows/:slug/episodes/:id: one episode as Castopod shows it: artwork beside the title, date and
// length; the product's player with the chapters (marks on the timeline and a list whose buttons move
// the player there); the description beside 'Share'; more episodes of the show. Chapters are those
// the stitched file carries now (a program applied to a slot moves them; its spot reads 'Sponsor').
import { Link } from "react-router";
import { MediaPlayer } from "../../../components/media/MediaPlayer";
import { episodeCode } from "../components/EpisodeList";
import styles from "../components/listen.module.css";
import { Artwork, EpisodeDate, ShareBar } from "../components/listen-parts";
import { listenLength } from "../lib/listen";
import type { Route } from "./+types/episode";

export { loader } from "./episode.server";

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Episode · Creator Platform" }];
  const { episode, show } = loaderData;
  return [
    { title: `${episode.title} · ${show.title}` },
    { name: "description", content: episode.description.slice(0, 200) },
    { property: "og:type", content: "music.song" },
    { property: "og:title", content: episode.title },
    { property: "og:description", content: episode.description.slice(0, 200) },
    { property: "og:url", content: episode.url },
    ...(show.artwork ? [{ property: "og:image", content: show.artwork }] : []),
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: show.title, href: show.feed },
  ];
}

export default function EpisodePage({ loaderData }: Route.ComponentProps) {
  const { show, episode, media, mediaType, ready, durationSeconds, chapters, peaks, more } = loaderData;
  const code = episodeCode(episode);
  const length = listenLength(durationSeconds);
  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <Artwork src={show.artwork} title={show.title} size="hero" />
        <div className={styles.heroText}>
          <p className={styles.back}>
            <Link to={`/shows/${show.slug}`}>
              <span aria-hidden>←&nbsp;</span>
              {show.title}
            </Link>
          </p>
          {code && <p className={styles.eyebrow}>{code}</p>}
          <h1>{episode.title}</h1>
          <p className={styles.byline}>
            by {show.author} · <EpisodeDate value={episode.publishAt} />
            {length && <> · {length}</>}
          </p>
          <div className={styles.playerCard}>
            <MediaPlayer
              src={ready ? media : null}
              label={episode.title}
              kind={mediaType}
              durationSeconds={durationSeconds}
              peaks={peaks}
              chapters={chapters.map((chapter) => ({ title: chapter.title, startSeconds: chapter.startTime }))}
              poster={show.artwork}
              pending="This episode is being prepared. Try again in a minute."
            />
          </div>
        </div>
      </header>
      <div className={styles.columns}>
        <section aria-labelledby="about">
          <div className={styles.sectionHead}>
            <h2 id="about">About this episode</h2>
          </div>
          <p className={styles.prose}>{episode.description}</p>
        </section>
        <ShareBar url={episode.url} text={`${episode.title} · ${show.title}`} />
      </div>
      {more.length > 0 && (
        <section aria-labelledby="more">
          <div className={styles.sectionHead}>
            <h2 id="more">More episodes</h2>
            <Link to={`/shows/${show.slug}`} className={styles.count}>
              All episodes
            </Link>
          </div>
          <ul className={styles.more}>
            {more.map((other) => {
              const otherLength = listenLength(other.durationSeconds);
              return (
                <li key={other.id} className={styles.moreItem}>
                  <Artwork src={show.artwork} title={show.title} size="row" />
                  <div className={styles.episodeText}>
                    {episodeCode(other) && <p className={styles.eyebrow}>{episodeCode(other)}</p>}
                    <h3 className={styles.episodeTitle}>
                      <Link to={other.page}>{other.title}</Link>
                    </h3>
                    <p className={styles.meta}>
                      <EpisodeDate value={other.publishAt} />
                      {otherLength && <> · {otherLength}</>}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </div>
  );
}
