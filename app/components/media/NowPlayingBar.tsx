// The sticky 'now playing' bar (issue 28 §3, issue 45): what sounds — its cover, title and who made
// it, never a file name when the player knows the track — play/pause, how far it is (the track's
// waveform when its peaks are known: a click seeks), and close. It
// shows while something plays and keeps a track going after its page was left (now-playing.ts); the
// store's rows play through it.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Waveform } from "../../features/store/components/Waveform";
import { useHeightVariable } from "../../lib/height-variable";
import { clock } from "../../lib/media-time";
import { Button } from "../ui/Button";
import { GeneratedCover } from "../ui/GeneratedCover";
import styles from "./NowPlayingBar.module.css";
import { stopPlaying, useNowPlaying } from "./now-playing";

export function NowPlayingBar() {
  const playing = useNowPlaying();
  const [, redraw] = useState(0);
  // What is pinned to the viewport (the workspace sidebar, shell.css) ends above the bar.
  const bar = useHeightVariable<HTMLElement>("--now-playing-height", Boolean(playing));
  useEffect(() => {
    const element = playing?.element;
    if (!element) return;
    const update = () => redraw((n) => n + 1);
    const events = ["timeupdate", "play", "pause", "ended", "loadedmetadata"];
    for (const name of events) element.addEventListener(name, update);
    return () => {
      for (const name of events) element.removeEventListener(name, update);
    };
  }, [playing]);
  if (!playing) return null;
  const { element, label, track } = playing;
  const title = track?.title ?? label;
  const duration = Number.isFinite(element.duration) ? element.duration : null;
  const progress = duration ? Math.min(1, element.currentTime / duration) : 0;
  const peaks = track?.peaks?.length ? track.peaks : null;
  return (
    <section className={`${styles.bar} now-playing`} aria-label="Now playing" ref={bar}>
      <div className={peaks ? `${styles.progress} ${styles.narrowOnly}` : styles.progress} aria-hidden="true">
        <div className={styles.fill} style={{ width: `${progress * 100}%` }} />
      </div>
      {track &&
        (track.coverUrl ? (
          <img className={styles.cover} src={track.coverUrl} alt="" />
        ) : (
          <GeneratedCover title={track.title} className={styles.cover} />
        ))}
      <span className={styles.what}>
        <span className="visually-hidden">Now playing: </span>
        <span className={styles.label} title={title}>
          {track?.href ? <Link to={track.href}>{title}</Link> : title}
        </span>
        {track?.artist && <span className={styles.artist}>{track.artist}</span>}
      </span>
      {peaks && (
        <span className={styles.wave}>
          <Waveform
            peaks={peaks}
            progress={progress}
            onSeek={(fraction) => {
              if (duration) element.currentTime = fraction * duration;
            }}
          />
        </span>
      )}
      <span className={styles.time}>
        {clock(element.currentTime)} / {clock(duration)}
      </span>
      <Button
        variant="primary"
        className={styles.play}
        aria-label={`${element.paused ? "Play" : "Pause"} ${title}`}
        onClick={() => (element.paused ? void element.play().catch(() => undefined) : element.pause())}
      >
        <span aria-hidden="true">{element.paused ? "▶" : "❚❚"}</span>
      </Button>
      <Button variant="ghost" className={styles.close} aria-label="Close the player" onClick={stopPlaying}>
        <span aria-hidden="true">✕</span>
      </Button>
    </section>
  );
}
