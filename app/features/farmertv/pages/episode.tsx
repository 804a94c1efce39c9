// One FarmerTV episode's own page (/farmereps/:episodeId), laid out with the shows engine's parts: the
// video leads (its poster is the episode's picture, shown once), then the title, 'Uploaded by' and the
// length, the description and 'Share'; more episodes (newest first, with date and length) beside it. Rendered on the server with Open Graph and Twitter card tags.
import { Link, useNavigate } from "react-router";
import { MediaPlayer } from "../../../components/media/MediaPlayer";
import { shareMeta } from "../../../lib/share-meta";
import styles from "../../shows/components/listen.module.css";
import { Artwork, EpisodeDate, ShareBar } from "../../shows/components/listen-parts";
import { listenLength } from "../../shows/lib/listen";
import { EpisodeTools, Uploaded } from "../components/EpisodeCard";
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
  const { episode, more, origin } = loaderData;
  const navigate = useNavigate();
  const url = new URL(`/farmereps/${episode.id}`, origin).href;
  const length = listenLength(episode.durationSeconds);
  return (
    <div className={styles.page}>
      <p className={styles.back}>
        <Link to="/farmereps">
          <span aria-hidden>←&nbsp;</span>
          All episodes
        </Link>
      </p>
      <div className={`farmertv-watch${more.length > 0 ? " farmertv-with-more" : ""}`}>
        <div className="farmertv-main">
          {/* The video is the hero: its poster is the episode's picture, shown once. */}
          <div className={styles.playerCard}>
            <MediaPlayer
              kind="video"
              src={episode.url}
              label={episode.fileTitle}
              showLabel={false}
              poster={episode.coverUrl}
              durationSeconds={episode.durationSeconds}
            />
          </div>
          <header className={styles.heroText}>
            <p className={styles.eyebrow}>FarmerTV</p>
            <h1>
              {episode.fileTitle}
              {episode.hidden && <span className="muted"> (hidden)</span>}
            </h1>
            <p className={styles.byline}>
              <Uploaded episode={episode} />
              {length && <> · {length}</>}
            </p>
            <EpisodeTools episode={episode} onDeleted={() => navigate("/farmereps")} />
          </header>
          <section aria-labelledby="about">
            <div className={styles.sectionHead}>
              <h2 id="about">About this episode</h2>
            </div>
            <p className={styles.prose}>{episode.fileDescription}</p>
          </section>
          <ShareBar url={url} text={episode.fileTitle} />
        </div>
        {more.length > 0 && (
          <section aria-labelledby="more">
            <div className={styles.sectionHead}>
              <h2 id="more">More episodes</h2>
              <Link to="/farmereps" className={styles.count}>
                All episodes
              </Link>
            </div>
            <ul className={`${styles.more} farmertv-more`}>
              {more.map((other) => {
                const otherLength = listenLength(other.durationSeconds);
                return (
                  <li key={other.id} className={styles.moreItem}>
                    <Artwork src={other.coverUrl} title={other.fileTitle} size="row" />
                    <div className={styles.episodeText}>
                      <h3 className={styles.episodeTitle}>
                        <Link to={`/farmereps/${other.id}`}>{other.fileTitle}</Link>
                      </h3>
                      <p className={styles.meta}>
                        <EpisodeDate value={Date.parse(other.createdAt)} />
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
    </div>
  );
}
