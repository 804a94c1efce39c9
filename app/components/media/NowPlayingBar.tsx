// The sticky 'now playing' bar (issue 28 §3): what sounds, play/pause, where it is, and close. It
// shows while something plays and keeps a track going after its page was left (now-playing.ts).
import { useEffect, useState } from "react";
import { clock } from "../../lib/media-time";
import styles from "./NowPlayingBar.module.css";
import { stopPlaying, useNowPlaying } from "./now-playing";

export function NowPlayingBar() {
  const playing = useNowPlaying();
  const [, redraw] = useState(0);
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
  const { element, label } = playing;
  return (
    <section className={styles.bar} aria-label="Now playing">
      <button
        type="button"
        className={`button ${styles.button}`}
        aria-label={`${element.paused ? "Play" : "Pause"} ${label}`}
        onClick={() => (element.paused ? void element.play().catch(() => undefined) : element.pause())}
      >
        <span aria-hidden="true">{element.paused ? "▶" : "❚❚"}</span>
      </button>
      <span className={styles.label} title={label}>
        <span className="visually-hidden">Now playing: </span>
        {label}
      </span>
      <span className={styles.time}>
        {clock(element.currentTime)} / {clock(Number.isFinite(element.duration) ? element.duration : null)}
      </span>
      <button type="button" className={`button ${styles.button}`} aria-label="Close the player" onClick={stopPlaying}>
        <span aria-hidden="true">✕</span>
      </button>
    </section>
  );
}
