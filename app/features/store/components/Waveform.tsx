// The waveform of a product audio file, drawn from the peaks the renderer
// computed once: no audio is decoded in the browser. The played part is
// coloured; a click seeks (the player's button and keys stay the accessible way).
/** At most this many bars: wide enough to read as a waveform at a phone's width, not a barcode. */
const MAX_BARS = 80;

/** The peaks in at most MAX_BARS groups, each as loud as its loudest peak. */
function fewer(peaks: number[]) {
  const size = Math.ceil(peaks.length / MAX_BARS);
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
  onSeek?: (fraction: number) => void;
}) {
  if (!peaks || peaks.length === 0) return <div className="waveform empty" aria-hidden="true" />;
  const bars = fewer(peaks);
  const loudest = Math.max(...bars, 0.01);
  const played = Math.round(progress * bars.length);
  return (
    <svg
      className="waveform"
      viewBox={`0 0 ${bars.length} 100`}
      preserveAspectRatio="none"
      aria-hidden="true"
      onClick={(event) => {
        const box = event.currentTarget.getBoundingClientRect();
        onSeek?.(Math.min(1, Math.max(0, (event.clientX - box.left) / box.width)));
      }}
    >
      {bars.map((peak, i) => {
        const height = Math.max(2, (peak / loudest) * 96);
        return (
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: the peaks are a fixed series; the index is the position.
            key={i}
            x={i + 0.2}
            width={0.6}
            y={50 - height / 2}
            height={height}
            className={i < played ? "played" : undefined}
          />
        );
      })}
    </svg>
  );
}
