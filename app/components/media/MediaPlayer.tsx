// The one media player (issue 28 §3) for audio and video: play/pause, a timeline that seeks by click
// and by keyboard (a slider: ←/→ 5 s, PageUp/PageDown 30 s, Home/End), time and duration, the
// waveform drawn from the peaks the renderer computed (no audio decoded in the browser), and chapter
// marks on the timeline. Only one player sounds at a time; leaving the page while audio plays hands
// it to the 'now playing' bar (now-playing.ts).
import { useEffect, useRef, useState } from "react";
import { Waveform } from "../../features/store/components/Waveform";
import { clock, spokenTime } from "../../lib/media-time";
import styles from "./MediaPlayer.module.css";
import { handOff, startPlaying, type TrackInfo } from "./now-playing";

export interface ChapterMark {
  title: string;
  startSeconds: number;
}

export interface MediaPlayerProps {
  src: string | null;
  /** The file's name or title, for the buttons' accessible names. */
  label: string;
  /** Show the label beside the controls (off where the title is printed right next to the player). */
  showLabel?: boolean;
  kind?: "audio" | "video";
  peaks?: number[] | null;
  durationSeconds?: number | null;
  chapters?: ChapterMark[];
  poster?: string | null;
  /** Why there is nothing to play yet (the preview is being made, or failed). */
  pending?: string;
  /** What the sticky bar shows while this plays (cover, title, artist) instead of the label alone. */
  track?: TrackInfo;
  /** Start playing once mounted (a row's player opened on demand). */
  autoPlay?: boolean;
  /**
   * Called when a listen starts: the first play, or the first after the end. Pausing, resuming and
   * seeking are the same listen (the store counts preview plays with it).
   */
  onListen?: () => void;
}

const STEP = 5;
const PAGE = 30;

export function MediaPlayer({
  src,
  label,
  showLabel = true,
  kind = "audio",
  peaks = null,
  durationSeconds = null,
  chapters = [],
  poster,
  pending,
  autoPlay = false,
  track,
  onListen,
}: MediaPlayerProps) {
  const media = useRef<HTMLAudioElement & HTMLVideoElement>(null);
  // The sticky bar draws this waveform too once it carries the track.
  const carried = track ? { peaks, ...track } : undefined;
  const listening = useRef(false);
  const [paused, setPaused] = useState(true);
  const [time, setTime] = useState(0);
  const [known, setKnown] = useState<number | null>(null);
  const duration = durationSeconds ?? known;

  useEffect(() => {
    const element = media.current;
    return () => {
      if (element) handOff(element);
    };
  }, []);

  function toggle() {
    const element = media.current;
    if (!element) return;
    if (element.paused) {
      startPlaying(element, label, carried);
      void element.play().catch(() => setPaused(true));
    } else element.pause();
  }

  function seek(seconds: number) {
    const element = media.current;
    if (!element || !duration) return;
    const to = Math.min(duration, Math.max(0, seconds));
    element.currentTime = to;
    setTime(to);
  }

  function onKey(event: React.KeyboardEvent) {
    const moves: Record<string, number> = {
      ArrowLeft: time - STEP,
      ArrowDown: time - STEP,
      ArrowRight: time + STEP,
      ArrowUp: time + STEP,
      PageDown: time - PAGE,
      PageUp: time + PAGE,
      Home: 0,
      End: duration ?? 0,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    seek(moves[event.key]!);
  }

  const Element = kind;
  const progress = duration ? time / duration : 0;
  const currentChapter = chapters.reduce((at, chapter, i) => (chapter.startSeconds <= time ? i : at), 0);
  return (
    <div className={`${styles.player} ${kind === "video" ? styles.video : ""}`}>
      {src && (
        // No caption track: members' uploads and music previews carry none.
        <Element
          ref={media}
          src={src}
          className={kind === "video" ? styles.screen : undefined}
          poster={kind === "video" ? (poster ?? undefined) : undefined}
          preload={kind === "video" || autoPlay ? "metadata" : "none"}
          autoPlay={autoPlay}
          playsInline
          onClick={kind === "video" ? toggle : undefined}
          onPlay={(event) => {
            startPlaying(event.currentTarget, label, carried);
            setPaused(false);
            if (!listening.current) onListen?.();
            listening.current = true;
          }}
          onPause={() => setPaused(true)}
          onEnded={() => {
            setPaused(true);
            listening.current = false;
          }}
          onLoadedMetadata={(event) => {
            const seconds = event.currentTarget.duration;
            if (Number.isFinite(seconds)) setKnown(seconds);
          }}
          onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
        />
      )}
      <div className={showLabel ? styles.controls : `${styles.controls} ${styles.unnamed}`}>
        {src ? (
          <button
            type="button"
            className={`button primary play ${styles.play}`}
            aria-label={`${paused ? "Play" : "Pause"} ${label}`}
            onClick={toggle}
          >
            <span aria-hidden="true">{paused ? "▶" : "❚❚"}</span>
          </button>
        ) : (
          <span className={styles.pending}>{pending}</span>
        )}
        {showLabel && (
          <span className={`player-name ${styles.name}`} title={label}>
            {label}
          </span>
        )}
        <span className={styles.time}>
          <time>{clock(time)}</time> / <time>{clock(duration)}</time>
        </span>
        <div
          className={styles.timeline}
          role="slider"
          tabIndex={src && duration ? 0 : -1}
          aria-label={`Seek ${label}`}
          aria-valuemin={0}
          aria-valuemax={Math.round(duration ?? 0)}
          aria-valuenow={Math.round(time)}
          aria-valuetext={`${spokenTime(time)} of ${spokenTime(duration ?? 0)}`}
          aria-disabled={!src || !duration}
          onKeyDown={onKey}
          onClick={(event) => {
            const box = event.currentTarget.getBoundingClientRect();
            if (duration) seek(((event.clientX - box.left) / box.width) * duration);
          }}
        >
          {peaks && peaks.length > 0 ? (
            <Waveform peaks={peaks} progress={progress} />
          ) : (
            <div className={styles.bar}>
              <div className={styles.fill} style={{ width: `${progress * 100}%` }} />
            </div>
          )}
          {duration
            ? chapters
                .filter((chapter) => chapter.startSeconds > 0 && chapter.startSeconds < duration)
                .map((chapter) => (
                  <span
                    key={`${chapter.startSeconds}-${chapter.title}`}
                    className={styles.chapter}
                    style={{ left: `${(chapter.startSeconds / duration) * 100}%` }}
                    title={`${clock(chapter.startSeconds)} ${chapter.title}`}
                  />
                ))
            : null}
        </div>
      </div>
      {chapters.length > 0 && (
        <ol className={styles.chapters} aria-label={`Chapters of ${label}`}>
          {chapters.map((chapter, i) => (
            <li key={`${chapter.startSeconds}-${chapter.title}`}>
              <button
                type="button"
                className={`link-button ${styles.chapterButton}`}
                // The chapter playing now (the last one started at or before the current time).
                aria-current={i === currentChapter && (time > 0 || !paused) ? "true" : undefined}
                disabled={!src}
                onClick={() => {
                  seek(chapter.startSeconds);
                  if (media.current?.paused) toggle();
                }}
              >
                <time>{clock(chapter.startSeconds)}</time> <span>{chapter.title}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
