// A zip built as a stream with fflate: entries are stored, not deflated
// (media is already compressed), so memory stays flat whatever the total.
// Runs in the Worker (packaging job) and in Node (bench/zip) alike.
import { Zip, ZipPassThrough } from "fflate";

/** The classic zip format's limits (fflate writes no Zip64). */
export const ZIP_MAX_BYTES = 0xffff_ffff;
export const ZIP_MAX_ENTRIES = 0xffff;

export interface ZipEntry {
  /** Path inside the archive, with `/` between folders. */
  name: string;
  size: number;
  open(): Promise<ReadableStream<Uint8Array>>;
}

/** Local header + central directory cost per entry, for the size check. */
function overhead(entry: ZipEntry) {
  const name = new TextEncoder().encode(entry.name).length;
  return 30 + name + 16 + 46 + name;
}

/** Why these entries cannot be one classic zip, or null when they can. */
export function zipLimitProblem(entries: Pick<ZipEntry, "name" | "size">[]): string | null {
  if (entries.length >= ZIP_MAX_ENTRIES)
    return `Too many files to package (${entries.length}; the zip format allows ${ZIP_MAX_ENTRIES - 1}).`;
  const total = entries.reduce((sum, e) => sum + e.size + overhead(e as ZipEntry), 22);
  if (total > ZIP_MAX_BYTES || entries.some((e) => e.size > ZIP_MAX_BYTES)) {
    return "The selected playlists are too large to package: the zip format is limited to 4 GB.";
  }
  return null;
}

/** Yields the archive's bytes as they are produced, reading one entry at a time. */
export async function* zipStream(entries: ZipEntry[]): AsyncGenerator<Uint8Array> {
  const problem = zipLimitProblem(entries);
  if (problem) throw new Error(problem);
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else if (chunk.length) ready.push(chunk);
  });
  const drain = function* () {
    if (failure) throw failure;
    while (ready.length) yield ready.shift()!;
  };
  for (const entry of entries) {
    const file = new ZipPassThrough(entry.name);
    zip.add(file);
    const reader = (await entry.open()).getReader();
    let read = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      read += value.length;
      file.push(value);
      yield* drain();
    }
    if (read !== entry.size) throw new Error(`${entry.name}: expected ${entry.size} bytes, read ${read}`);
    file.push(new Uint8Array(0), true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}

/**
 * Regroups a byte stream into chunks of exactly `size` bytes (the last may be
 * shorter): R2 multipart needs equal parts. One buffer is reused, so a
 * yielded chunk is valid only until the consumer asks for the next one
 * (`for await` with an awaited upload in its body is exactly that).
 */
export async function* fixedChunks(source: AsyncIterable<Uint8Array>, size: number): AsyncGenerator<Uint8Array> {
  const buffer = new Uint8Array(size);
  let filled = 0;
  for await (let chunk of source) {
    while (chunk.length) {
      const take = Math.min(size - filled, chunk.length);
      buffer.set(chunk.subarray(0, take), filled);
      filled += take;
      chunk = chunk.subarray(take);
      if (filled === size) {
        yield buffer;
        filled = 0;
      }
    }
  }
  if (filled) yield buffer.subarray(0, filled);
}

/** A safe path segment for names inside the archive. */
export function zipName(text: string): string {
  return (
    text
      .replace(/[\\/:*?"<>|\u0000-\u001f]/g, "_")
      .replace(/^\.+/, "_")
      .slice(0, 120) || "untitled"
  );
}
