// A failed render in the user's words: the last meaningful line of ffmpeg's
// stderr without the job's folder or any URL's query, and sizes as "1.5 GiB".

/** ffmpeg lines that only say that something above went wrong. */
const NOISE = [
  /^conversion failed!?$/i,
  /^error while filtering/i,
  /^error reinitializing filters/i,
  /^failed to inject frame into filter network/i,
  /^error while processing the decoded data/i,
  /^nothing was written into output file/i,
  /^error (?:initializing|configuring) (?:complex )?filters?[.!]?$/i,
  /^exiting normally/i,
  /^press \[q\]/i,
];

/** Final lines that say little without the one before them. */
const GENERIC =
  /^(?:invalid argument|invalid data found when processing input|operation not permitted|input\/output error|end of file|error number -?\d+ occurred)$/i;

/**
 * The last meaningful line of ffmpeg's stderr, in the user's terms: the
 * job's folder disappears, "item-2.mp4" becomes "item 2", URLs lose their
 * query. When the last lines name an item, the reason becomes
 * "Item 2 could not be read: …".
 */
export function renderFailureReason(stderr: string, folder: string): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((line) =>
      line
        .replace(/^(?:\[[^\]]*@ ?0x[0-9a-f]+\]\s*)+/i, "")
        .split(`${folder}/`)
        .join("")
        .split(folder)
        .join("")
        .replace(/\bitem-(\d+)\.[a-z0-9]+/gi, "item $1")
        .replace(/\blist\.ffconcat\b/g, "the playlist")
        .replace(/(https?:\/\/[^\s?#]+)[?#]\S*/gi, "$1")
        .trim(),
    )
    .filter((line) => line !== "" && !NOISE.some((pattern) => pattern.test(line)));
  const distinct = lines.filter((line, index) => line !== lines[index - 1]);
  const last = distinct.at(-1);
  if (!last) return "ffmpeg failed without saying why";
  const before = distinct.at(-2);
  const named = distinct
    .slice(-4)
    .reverse()
    .find((line) => /\bitem \d+\b/.test(line));
  let reason = last.replace(/^(?:the playlist|item \d+):\s*/, "");
  if (GENERIC.test(reason) && before && before !== named) reason = `${reason} (${before})`;
  if (named) reason = `Item ${/\bitem (\d+)\b/.exec(named)![1]} could not be read: ${reason}`;
  return reason.length > 300 ? `${reason.slice(0, 297)}...` : reason;
}

/** "1.5 GiB" */
export function formatBytes(bytes: number): string {
  const units = ["bytes", "KiB", "MiB", "GiB", "TiB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : Number(value.toFixed(1))} ${units[unit]}`;
}
