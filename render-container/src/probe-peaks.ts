// Waveform peaks of any audio or video file, computed at probe time (issue 28 §3), so every player
// (file view, playlist items, episodes, judging) draws the waveform without decoding audio in the
// browser. Kept apart from the probe itself: the probe's facts stand on their own, and peaks are
// best effort — a file whose audio cannot be decoded (or is too long to decode within the probe's
// budget) still probes, with `peaks: null`.
import { join } from "node:path";
import type { JobContext } from "./jobs.ts";
import { DEFAULT_PEAKS, PEAK_RATE, peaksOf } from "./peaks.ts";
import { NETWORK_PROTOCOLS } from "./protocols.ts";
import { inJobFolder } from "./transfer.ts";

/** Longer files are not decoded at probe time: their peaks would cost more than the probe's budget. */
export const MAX_PEAKS_SECONDS = 3 * 60 * 60;
/** ffmpeg's own guard (`-timelimit`, CPU seconds): decoding at 4 kHz mono is far faster than this. */
const DECODE_CPU_SECONDS = 30;

/**
 * `count` levels (0..1) of the file's first audio stream read through its signed URL with network
 * protocols only, or null when it has no audio, is too long, or cannot be decoded.
 */
export async function probePeaks(
  context: JobContext,
  url: string,
  facts: { hasAudio: boolean; durationSeconds: number | null },
  count = DEFAULT_PEAKS,
): Promise<number[] | null> {
  if (!facts.hasAudio || (facts.durationSeconds ?? 0) > MAX_PEAKS_SECONDS) return null;
  return inJobFolder("peaks", context.jobId, async (dir) => {
    const pcm = join(dir, "levels.pcm");
    const decoded = await context.exec(
      "ffmpeg",
      [
        ["-hide_banner", "-v", "error", "-y", "-timelimit", String(DECODE_CPU_SECONDS)],
        ["-protocol_whitelist", NETWORK_PROTOCOLS, "-i", url],
        ["-map", "0:a:0", "-vn", "-sn", "-dn", "-ac", "1", "-ar", String(PEAK_RATE)],
        ["-f", "s16le", "-c:a", "pcm_s16le", pcm],
      ].flat(),
    );
    if (decoded.code !== 0) {
      context.log("peaks: the audio could not be decoded; the probe goes on without them");
      return null;
    }
    const peaks = await peaksOf(pcm, count);
    return peaks.length > 0 ? peaks : null;
  });
}
