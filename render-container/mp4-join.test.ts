// The box-level join's head (src/mp4-join.ts) for outputs past 4 GiB:
// 64-bit chunk offsets (co64) and a 64-bit mdat size, each item's chunks
// moved to where its payload lands. (Its timing and packets are compared
// with ffmpeg in box-join.test.ts.)
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boxOf, child, children } from "./src/mp4-box.ts";
import { type JoinItem, joinMp4s } from "./src/mp4-join.ts";
import { ffmpegIn, testVideo } from "./test-support.ts";

/** The item's ftyp, moov and mdat payload, as mp4-probe finds them. */
function itemOf(file: Buffer): JoinItem {
  const boxes = children(file, 0, file.length);
  const box = (type: string) => boxes.find((b) => b.type === type)!;
  const mdat = box("mdat");
  return {
    ftyp: file.subarray(box("ftyp").start, box("ftyp").end),
    moov: file.subarray(box("moov").start, box("moov").end),
    mdat: { start: mdat.start + 8, end: mdat.end },
  };
}

/** The first chunk offset of each track in a moov (stco or co64). */
function firstOffsets(moov: Buffer): { type: string; offset: number }[] {
  return children(moov, 8, moov.length)
    .filter((b) => b.type === "trak")
    .map((trak) => {
      const stbl = child(moov, child(moov, child(moov, trak, "mdia"), "minf"), "stbl")!;
      const table = child(moov, stbl, "co64") ?? child(moov, stbl, "stco")!;
      const at = table.start + 16;
      return {
        type: table.type,
        offset: table.type === "co64" ? Number(moov.readBigUInt64BE(at)) : moov.readUInt32BE(at),
      };
    });
}

/** The picture track's stbl in a moov. */
function pictureStbl(moov: Buffer) {
  const trak = children(moov, 8, moov.length).find((b) => b.type === "trak")!;
  return child(moov, child(moov, child(moov, trak, "mdia"), "minf"), "stbl")!;
}

/** The sample numbers of the picture track's stss, or null without one. */
function syncSamples(moov: Buffer): number[] | null {
  const stss = child(moov, pictureStbl(moov), "stss");
  if (!stss) return null;
  const count = moov.readUInt32BE(stss.start + 12);
  return Array.from({ length: count }, (_, i) => moov.readUInt32BE(stss.start + 16 + i * 4));
}

/** The moov without the picture track's stss (every sample a sync sample), sizes rebuilt. */
function withoutSync(moov: Buffer): Buffer {
  const rebuild = (start: number, end: number, type: string): Buffer =>
    boxOf(
      type,
      ...children(moov, start + 8, end)
        .filter((b) => !(b.type === "stss" && start === pictureStbl(moov).start))
        .map((b) =>
          ["trak", "mdia", "minf", "stbl"].includes(b.type)
            ? rebuild(b.start, b.end, b.type)
            : moov.subarray(b.start, b.end),
        ),
    );
  return rebuild(0, moov.length, "moov");
}

describe("joinMp4s past 4 GiB", () => {
  let dir: string;
  let file: Buffer;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "mp4-join-test-"));
    await ffmpegIn(dir, testVideo("clip.mp4", { seconds: 1 }));
    file = await readFile(join(dir, "clip.mp4"));
  }, 30_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("writes co64 offsets and a 64-bit mdat size when the output passes 4 GiB", () => {
    const small = itemOf(file);
    expect(firstOffsets(small.moov).every((t) => t.type === "stco")).toBe(true);
    // The same clip as if each mdat were 3 GiB long (its chunks lie at its start).
    const big = { ...small, mdat: { start: small.mdat.start, end: small.mdat.start + 3 * 1024 ** 3 } };
    const { head, size } = joinMp4s([big, big]);
    const payload = 2 * 3 * 1024 ** 3;
    expect(size).toBe(head.length + payload);
    const moov = head.subarray(small.ftyp.length, head.length - 16);
    expect(moov.toString("latin1", 4, 8)).toBe("moov");
    const mdat = head.subarray(head.length - 16);
    expect([mdat.readUInt32BE(0), mdat.toString("latin1", 4, 8)]).toEqual([1, "mdat"]);
    expect(Number(mdat.readBigUInt64BE(8))).toBe(payload + 16);
    const before = firstOffsets(small.moov);
    const after = firstOffsets(moov);
    expect(after.map((t) => t.type)).toEqual(before.map(() => "co64"));
    // Item 1's first chunks land right after the head, where they were after their own mdat header.
    expect(after.map((t) => t.offset)).toEqual(before.map((t) => t.offset - small.mdat.start + head.length));
  });

  it("lists every sample of an item without stss as a sync sample when another item has one", () => {
    const item = itemOf(file);
    const sync = syncSamples(item.moov)!;
    const frames = 25;
    expect(sync.length).toBeLessThan(frames);
    const allSync = { ...item, moov: withoutSync(item.moov) };
    expect(syncSamples(allSync.moov)).toBeNull();
    const moovOf = (head: Buffer) =>
      head.subarray(item.ftyp.length, item.ftyp.length + head.readUInt32BE(item.ftyp.length));
    const moov = moovOf(joinMp4s([allSync, item]).head);
    expect(moov.toString("latin1", 4, 8)).toBe("moov");
    const numbers = Array.from({ length: frames }, (_, i) => i + 1);
    expect(syncSamples(moov)).toEqual([...numbers, ...sync.map((n) => n + frames)]);
    // Neither item has one: still none (all sync).
    const none = moovOf(joinMp4s([allSync, allSync]).head);
    expect(pictureStbl(none).type).toBe("stbl");
    expect(syncSamples(none)).toBeNull();
  });
});
