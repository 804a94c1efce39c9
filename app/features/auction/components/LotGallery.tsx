// A lot's pictures (Catawiki, eBay): one large photo, thumbnails under it, previous/next, and the
// arrow keys (also Home/End) on the photo or the thumbnails. Sounds and videos play in the shared
// player under it; other files are links. A lot without photos shows its generated cover (the kit's).
import { type KeyboardEvent, useRef, useState } from "react";
import { MediaPlayer } from "../../../components/media/MediaPlayer";
import { Button } from "../../../components/ui";
import { GeneratedCover } from "../../../components/ui/GeneratedCover";
import type { GalleryItem } from "../pages/gallery.server";
import styles from "./lot.module.css";

type Medium = GalleryItem["media"][number];

export function LotGallery({ title, media }: { title: string; media: Medium[] }) {
  const photos = media.filter((medium) => medium.kind === "image");
  const players = media.filter((medium) => medium.kind === "video" || medium.kind === "audio");
  const files = media.filter((medium) => !photos.includes(medium) && !players.includes(medium));
  const [index, setIndex] = useState(0);
  const thumbs = useRef<HTMLUListElement>(null);
  const shown = photos[Math.min(index, photos.length - 1)];

  const go = (next: number, focusThumb = false) => {
    const to = (next + photos.length) % photos.length;
    setIndex(to);
    if (focusThumb) thumbs.current?.querySelectorAll("button")[to]?.focus();
  };
  const onKey = (focusThumb: boolean) => (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: photos.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined || photos.length < 2) return;
    event.preventDefault();
    go(next, focusThumb);
  };

  return (
    <div className={styles.gallery}>
      {shown ? (
        <figure
          className={styles.stage}
          tabIndex={photos.length > 1 ? 0 : undefined}
          onKeyDown={onKey(false)}
          aria-roledescription={photos.length > 1 ? "carousel" : undefined}
          aria-label={photos.length > 1 ? `Photos of ${title}, use the arrow keys` : undefined}
        >
          {/* The page's largest picture (its LCP): fetched ahead of the scripts, in the copy that fits
              the column (lot.module.css: full width on a phone, 1.45 of 2.45 of the page from 900 px). */}
          <img
            src={shown.url}
            srcSet={shown.srcSet}
            sizes="(min-width: 900px) min(58vw, 640px), calc(100vw - 2rem)"
            alt={`${title}: ${shown.fileName}`}
            fetchPriority="high"
            decoding="async"
          />
          {photos.length > 1 && (
            <>
              <Button
                variant="ghost"
                size="sm"
                className={`${styles.step} ${styles.previous}`}
                aria-label="Previous photo"
                onClick={() => go(index - 1)}
              >
                ‹
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className={`${styles.step} ${styles.next}`}
                aria-label="Next photo"
                onClick={() => go(index + 1)}
              >
                ›
              </Button>
              <figcaption className={styles.counter} aria-live="polite">
                {index + 1} / {photos.length}
              </figcaption>
            </>
          )}
        </figure>
      ) : (
        <GeneratedCover title={title} className={styles.cover} label={`Cover of ${title}`} />
      )}
      {photos.length > 1 && (
        <ul ref={thumbs} className={styles.thumbs} aria-label="All photos">
          {photos.map((photo, at) => (
            <li key={photo.url}>
              <Button
                variant="ghost"
                className={`${styles.thumb}${at === index ? ` ${styles.current}` : ""}`}
                aria-label={`Photo ${at + 1} of ${photos.length}`}
                aria-current={at === index ? "true" : undefined}
                tabIndex={at === index ? 0 : -1}
                onKeyDown={onKey(true)}
                onClick={() => setIndex(at)}
              >
                <img src={photo.small ?? photo.url} alt="" loading="lazy" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {players.map((medium) => (
        <div key={medium.url} className={styles.player}>
          <MediaPlayer
            kind={medium.kind as "audio" | "video"}
            src={medium.url}
            label={`${title}: ${medium.fileName}`}
          />
        </div>
      ))}
      {files.length > 0 && (
        <ul className={styles.files}>
          {files.map((file) => (
            <li key={file.url}>
              <a href={file.url}>{file.fileName}</a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
