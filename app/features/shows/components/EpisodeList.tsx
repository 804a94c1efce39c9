// A show's episodes as Castopod lists them: artwork, title, date in words, length, a short summary and
// a Play button that opens the product's player in the row (playing at once, with its chapters).
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { MediaPlayer } from "../../../components/media/MediaPlayer";
import { Button } from "../../../components/ui";
import { listenLength } from "../lib/listen";
import styles from "./listen.module.css";
import { Artwork, EpisodeDate } from "./listen-parts";

export interface ListedEpisode {
  id: string;
  title: string;
  description: string;
  season: number | null;
  episodeNumber: number | null;
  publishAt: number;
  page: string;
  media: string;
  ready: boolean;
  durationSeconds: number | null;
  chapters: { title: string; startSeconds: number }[];
}

/** "S2 · E12", or what there is of it. */
export function episodeCode(episode: Pick<ListedEpisode, "season" | "episodeNumber">) {
  return [episode.season && `Season ${episode.season}`, episode.episodeNumber && `Episode ${episode.episodeNumber}`]
    .filter(Boolean)
    .join(" · ");
}

function EpisodeRow({
  episode,
  artwork,
  showTitle,
  kind,
}: {
  episode: ListedEpisode;
  artwork: string | null;
  showTitle: string;
  kind: "audio" | "video";
}) {
  const [open, setOpen] = useState(false);
  const player = useRef<HTMLDivElement>(null);
  // The row's Play button gives way to the player: the player's own Pause takes the focus.
  useEffect(() => {
    if (open) player.current?.querySelector<HTMLButtonElement>("button")?.focus();
  }, [open]);
  const code = episodeCode(episode);
  const length = listenLength(episode.durationSeconds);
  return (
    <li className={styles.episode}>
      <Artwork src={artwork} title={showTitle} size="row" />
      <div className={styles.episodeText}>
        {code && <p className={styles.eyebrow}>{code}</p>}
        <h3 className={styles.episodeTitle}>
          <Link to={episode.page}>{episode.title}</Link>
        </h3>
        <p className={styles.meta}>
          <EpisodeDate value={episode.publishAt} />
          {length && <> · {length}</>}
        </p>
        <p className={styles.summary}>{episode.description}</p>
      </div>
      <div className={styles.episodeAction}>
        {!episode.ready ? (
          <span className={styles.meta}>Being prepared</span>
        ) : (
          !open && (
            <Button variant="primary" aria-label={`Play ${episode.title}`} onClick={() => setOpen(true)}>
              <span aria-hidden>▶</span> Play
            </Button>
          )
        )}
      </div>
      {open && (
        <div className={styles.episodePlayer} ref={player}>
          <MediaPlayer
            src={episode.media}
            label={episode.title}
            kind={kind}
            durationSeconds={episode.durationSeconds}
            chapters={episode.chapters}
            poster={artwork}
            autoPlay
          />
        </div>
      )}
    </li>
  );
}

export function EpisodeList({
  episodes,
  artwork,
  showTitle,
  kind,
}: {
  episodes: ListedEpisode[];
  artwork: string | null;
  showTitle: string;
  kind: "audio" | "video";
}) {
  return (
    <ol className={styles.episodes}>
      {episodes.map((episode) => (
        <EpisodeRow key={episode.id} episode={episode} artwork={artwork} showTitle={showTitle} kind={kind} />
      ))}
    </ol>
  );
}
