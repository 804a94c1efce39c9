// A zip built as a stream: entries are stored, not deflated (media is already
// compressed), so memory stays flat whatever the total. fflate writes the
// container (headers, data descriptors, central directory); the CRC-32 of
// every byte is the platform's native `crc32` (node:zlib, in workerd with
// nodejs_compat and in Node 22), about ten times faster than fflate's JS one,
// which was most of the job's CPU time. Runs in the Worker (packaging job) and
// in Node (bench/zip) alike.
import { crc32 } from "node:zlib";
import { type AsyncFlateStreamHandler, Zip, type ZipInputFile } from "fflate";

/** The classic zip format's limits (fflate writes no Zip64). */
export const ZIP_MAX_BYTES = 0xffff_ffff;
export const ZIP_MAX_ENTRIES = 0xffff;

/** Bytes asked for per read: large enough that per-read costs vanish, small beside a part. */
export const READ_SIZE = 256 * 1024;

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

/** A stored entry whose CRC-32 is native code; fflate only frames its bytes. */
class StoredEntry implements ZipInputFile {
  crc = 0;
  size = 0;
  compression = 0;
  ondata?: AsyncFlateStreamHandler;
  constructor(readonly filename: string) {}
  push(chunk: Uint8Array, final: boolean) {
    this.crc = crc32(chunk, this.crc) >>> 0;
    this.size += chunk.length;
    this.ondata?.(null, chunk as Uint8Array<ArrayBuffer>, final);
  }
}

/**
 * The bytes of a stream. A byte stream (an R2 object body in workerd, a file's
 * `readableWebStream({ type: "bytes" })` in Node) is read into one recycled
 * buffer, so reading 4 GiB leaves no garbage behind; any other stream chunk by
 * chunk. A yielded chunk is valid only until the next one is asked for.
 */
export async function* readBytes(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  let byob: ReadableStreamBYOBReader | null = null;
  try {
    byob = stream.getReader({ mode: "byob" });
  } catch {
    // not a byte stream
  }
  if (!byob) {
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  }
  let buffer = new ArrayBuffer(READ_SIZE);
  for (;;) {
    // The view's memory is handed to the stream and comes back as `value`.
    const { done, value } = await byob.read(new Uint8Array(buffer));
    if (done || !value) return;
    if (value.length) yield value;
    buffer = value.buffer as ArrayBuffer;
  }
}

/**
 * Yields the archive's bytes as they are produced, reading one entry at a
 * time. A yielded chunk may be a view of a recycled read buffer: it is valid
 * only until the next one is asked for (`fixedChunks` copies it at once).
 */
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
    const file = new StoredEntry(entry.name);
    zip.add(file);
    let read = 0;
    for await (const chunk of readBytes(await entry.open())) {
      read += chunk.length;
      if (read > entry.size) break;
      file.push(chunk, false);
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
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes from archive names
      .replace(/[\\/:*?"<>|\u0000-\u001f]/g, "_")
      .replace(/^\.+/, "_")
      .slice(0, 120) || "untitled"
  );
}
