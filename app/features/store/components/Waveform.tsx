// The waveform of a product audio file, drawn from the peaks the renderer
// computed once: no audio is decoded in the browser. The played part is
// coloured; a click seeks (the player's button and keys stay the accessible way).
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
  const loudest = Math.max(...peaks, 0.01);
  const played = Math.round(progress * peaks.length);
  return (
    <svg
      className="waveform"
      viewBox={`0 0 ${peaks.length} 100`}
      preserveAspectRatio="none"
      aria-hidden="true"
      onClick={(event) => {
        const box = event.currentTarget.getBoundingClientRect();
        onSeek?.(Math.min(1, Math.max(0, (event.clientX - box.left) / box.width)));
      }}
    >
      {peaks.map((peak, i) => {
        const height = Math.max(2, (peak / loudest) * 96);
        return (
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: the peaks are a fixed series; the index is the position.
            key={i}
            x={i + 0.1}
            width={0.8}
            y={50 - height / 2}
            height={height}
            className={i < played ? "played" : undefined}
          />
        );
      })}
    </svg>
  );
}
