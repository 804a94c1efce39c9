// The box-level join's upload body (src/mp4-join-stream.ts) on its own:
// the head, then each item's mdat payload read by range GETs, byte for byte;
// the next item's GET opened while the current one is read, never more
// ahead than that, and nothing read faster than the stream is consumed;
// the upload's byte counts (the render's progress) rising to the size.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinMp4s } from "./src/mp4-join.ts";
import { joinedBody } from "./src/mp4-join-stream.ts";
import { type Mp4Layout, readMp4Facts } from "./src/mp4-probe.ts";
import { upload } from "./src/transfer.ts";
import { ffmpegIn, type StaticServer, serveFolder, testVideo } from "./test-support.ts";

describe("the box-level join's upload body", { timeout: 30_000 }, () => {
  let dir: string;
  let files: StaticServer;
  const names = ["one.mp4", "two.mp4", "three.mp4"];
  const signal = new AbortController().signal;
  const url = (name: string) => `${files.base}/${name}?X-Amz-Signature=secret`;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "mp4-join-stream-test-"));
    // Each payload (~5-6 MB) well over what the body buffers (1 MiB each side of its PassThrough,
    // plus the sockets'), so reading ahead stays within one item.
    await Promise.all(
      names.map((name, i) => ffmpegIn(dir, testVideo(name, { seconds: 6 + i, size: "1280x720", pattern: "testsrc2" }))),
    );
    files = await serveFolder(dir);
  });
  afterAll(async () => {
    await files?.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function body() {
    const layouts: Mp4Layout[] = [];
    for (const name of names) layouts.push((await readMp4Facts(url(name), signal))!.layout);
    const { head, size } = joinMp4s(layouts.map((l) => ({ ftyp: l.ftyp, moov: l.moov, mdat: l.mdats[0]! })));
    const sources = layouts.map((l, i) => ({
      n: i + 1,
      url: url(names[i]!),
      ...l.mdats[0]!,
      total: l.total,
      etag: l.etag,
    }));
    return { head, size, layouts, body: joinedBody(head, sources, { signal, doing() {} }) };
  }

  it("uploads the head and every payload in order, counting the bytes sent up to the size", async () => {
    const { head, size, layouts, body: joined } = await body();
    expect(joined.size).toBe(size);
    const sent: number[] = [];
    await upload(joined, `${files.base}/out/joined.mp4`, {
      signal,
      contentType: "video/mp4",
      onBytes: (n) => sent.push(n),
    });
    const payloads = await Promise.all(
      names.map(async (name, i) =>
        (await readFile(join(dir, name))).subarray(layouts[i]!.mdats[0]!.start, layouts[i]!.mdats[0]!.end),
      ),
    );
    expect((await readFile(join(dir, "out", "joined.mp4"))).equals(Buffer.concat([head, ...payloads]))).toBe(true);
    expect(sent.every((n, i) => i === 0 || n > sent[i - 1]!)).toBe(true);
    expect(sent.at(-1)).toBe(size);
    expect(joined.failure()).toBeNull();
  });

  it("opens the next item's GET while reading the current one, and no more ahead", async () => {
    const { head, body: joined } = await body();
    const before = files.requests.length;
    const stream = joined.stream();
    const reader = stream[Symbol.asyncIterator]();
    expect(((await reader.next()).value as Buffer).subarray(0, head.length).equals(head)).toBe(true);
    // Not read further: item 1's GET (being read) and item 2's (opened ahead), never item 3's.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const opened = files.requests.slice(before);
    expect(opened).toEqual(["/one.mp4", "/two.mp4"]);
    await reader.return?.();
  });
});
