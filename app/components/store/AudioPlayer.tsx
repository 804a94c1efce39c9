// Play/pause for one audio file with its waveform. On store pages the source
// is the preview (MP3 with the seller's voice tag); in the seller's manager it
// is the original. Only one player sounds at a time.
import { useEffect, useRef, useState } from "react";
import { clock } from "../../lib/store-client";
import { Waveform } from "./Waveform";

let playing: HTMLAudioElement | null = null;

export function AudioPlayer({
  src,
  label,
  peaks,
  durationSeconds,
  pending,
}: {
  src: string | null;
  /** The file's name, for the button's accessible name. */
  label: string;
  peaks: number[] | null;
  durationSeconds: number | null;
  /** Why there is nothing to play yet (the preview is being made, or failed). */
  pending?: string;
}) {
  const audio = useRef<HTMLAudioElement>(null);
  const [paused, setPaused] = useState(true);
  const [time, setTime] = useState(0);
  const duration = durationSeconds ?? audio.current?.duration ?? null;

  useEffect(() => () => audio.current?.pause(), []);

  function toggle() {
    const element = audio.current;
    if (!element) return;
    if (element.paused) {
      if (playing && playing !== element) playing.pause();
      playing = element;
      void element.play().catch(() => setPaused(true));
    } else element.pause();
  }

  return (
    <div className="player">
      {src ? (
        <>
          <button
            type="button"
            className="button play"
            aria-label={`${paused ? "Play" : "Pause"} ${label}`}
            onClick={toggle}
          >
            {paused ? "▶" : "❚❚"}
          </button>
          {/* No caption track: music previews have no spoken words to caption. */}
          <audio
            ref={audio}
            src={src}
            preload="none"
            onPlay={() => setPaused(false)}
            onPause={() => setPaused(true)}
            onEnded={() => setPaused(true)}
            onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
          />
        </>
      ) : (
        <span className="muted small">{pending}</span>
      )}
      <span className="player-name">{label}</span>
      <Waveform
        peaks={peaks}
        progress={duration ? time / duration : 0}
        onSeek={(fraction) => {
          if (audio.current && duration) audio.current.currentTime = fraction * duration;
        }}
      />
      <span className="muted small player-time">
        {clock(time)} / {clock(duration)}
      </span>
    </div>
  );
}
