// The beat battle's public gallery once its deadline has passed (ADR 047): each entry by number,
// its cover and its audio in the shared player; the producer's name once the admin has revealed
// who made what, so judging after the deadline stays blind.
import type { publicGallery } from "../../../../worker/domain/beatbattle/entries";
import { MediaPlayer } from "../../../components/media/MediaPlayer";
import { EmptyState } from "../../../components/ui";
import { GeneratedCover } from "../../../components/ui/GeneratedCover";
import styles from "./BattleGallery.module.css";

type Entry = NonNullable<Awaited<ReturnType<typeof publicGallery>>>[number];

export function BattleGallery({ entries }: { entries: Entry[] }) {
  return (
    <section aria-labelledby="gallery-heading" className={styles.gallery}>
      <h2 id="gallery-heading">The entries</h2>
      {entries.length === 0 ? (
        <EmptyState title="No entries in this battle." />
      ) : (
        <ul className={styles.entries}>
          {entries.map((entry) => (
            <li key={entry.id} className={styles.entry}>
              {entry.cover ? (
                <img src={entry.cover} alt={`Cover art of ${entry.projectTitle}`} className={styles.cover} />
              ) : (
                <GeneratedCover title={entry.projectTitle} className={styles.generated} />
              )}
              <div className={styles.body}>
                <h3 className={styles.title}>
                  <span className={styles.number}>#{entry.number}</span> {entry.projectTitle}
                </h3>
                <p className="muted small">
                  {entry.producer
                    ? [entry.producer.producerName, entry.producer.location].filter(Boolean).join(" · ")
                    : "Producers are named once judging is done."}
                </p>
                {entry.audio.map((file) => (
                  <MediaPlayer
                    key={file.fileId}
                    kind="audio"
                    src={file.url}
                    label={`${entry.projectTitle}: ${file.fileName}`}
                  />
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
