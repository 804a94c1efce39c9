// The waveform of an audio file, drawn from the peaks the renderer computed once: no audio is
// decoded in the browser. Bars are normalised to the loudest, centred (like SoundCloud's and
// BeatStars'), never thinner than a hairline, rounded; the played part is coloured. A click seeks
// when `onSeek` is given (the player's slider and keys stay the accessible way: this is aria-hidden).
/** At most this many bars: wide enough to read as a waveform at a phone's width, not a barcode. */
const MAX_BARS = 80;
/** The quietest bar's height (of 100): silence still shows where the file is. */
const MIN_HEIGHT = 4;

/** The peaks in at most MAX_BARS groups, each as loud as its loudest peak. */
export function fewer(peaks: number[], most = MAX_BARS) {
  const size = Math.ceil(peaks.length / most);
  if (size <= 1) return peaks;
  return Array.from({ length: Math.ceil(peaks.length / size) }, (_, i) =>
    Math.max(...peaks.slice(i * size, (i + 1) * size)),
  );
}

export function Waveform({
  peaks,
  progress,
  onSeek,
}: {
  peaks: number[] | null;
  /** 0..1 */
  progress: number;
  /** Where the click was, 0..1 of the width. */
  onSeek?: (fraction: number) => void;
}) {
  if (!peaks || peaks.length === 0) return <div className="waveform empty" aria-hidden="true" />;
  const bars = fewer(peaks);
  const loudest = Math.max(...bars, 0.01);
  const played = Math.round(Math.min(1, Math.max(0, progress)) * bars.length);
  return (
    <svg
      className="waveform"
      viewBox={`0 0 ${bars.length} 100`}
      preserveAspectRatio="none"
      aria-hidden="true"
      onClick={
        onSeek &&
        ((event) => {
          const box = event.currentTarget.getBoundingClientRect();
          if (box.width > 0) onSeek(Math.min(1, Math.max(0, (event.clientX - box.left) / box.width)));
        })
      }
    >
      {bars.map((peak, i) => {
        const height = Math.max(MIN_HEIGHT, (peak / loudest) * 96);
        return (
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: the peaks are a fixed series; the index is the position.
            key={i}
            x={i + 0.2}
            width={0.6}
            y={50 - height / 2}
            height={height}
            rx={0.3}
            className={i < played ? "played" : undefined}
          />
        );
      })}
    </svg>
  );
}
