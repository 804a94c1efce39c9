// The render's upload-time "fast start" (src/faststart.ts): an MP4 written
// with its moov at the end is sent with the moov in front, byte for byte what
// ffmpeg's own `-movflags +faststart` second pass writes; chunk offsets that
// would pass 4 GiB become 64-bit.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Body, moovFirst } from "./src/faststart.ts";
import { ffmpegIn } from "./test-support.ts";

async function bytesOf(body: Body): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of body.stream()) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

function box(type: string, ...children: Buffer[]): Buffer {
  const body = Buffer.concat(children);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, body]);
}

describe("moov in front at upload", { timeout: 30_000 }, () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "faststart-test-"));
    const clip = ["-f", "lavfi", "-i", "testsrc=duration=2:size=160x120:rate=25", "-f", "lavfi"];
    const tone = ["-i", "sine=duration=2", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-shortest"];
    await ffmpegIn(dir, [...clip, ...tone, "plain.mp4"]);
    await ffmpegIn(dir, [...clip, ...tone, "-movflags", "+faststart", "fast.mp4"]);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("sends exactly what ffmpeg's +faststart pass writes", async () => {
    const body = await moovFirst(join(dir, "plain.mp4"));
    expect(body.moved).toBe(true);
    const sent = await bytesOf(body);
    expect(sent.length).toBe(body.size);
    expect(sent.equals(await readFile(join(dir, "fast.mp4")))).toBe(true);
  });

  it("sends a file whose moov already comes first as it is", async () => {
    const body = await moovFirst(join(dir, "fast.mp4"));
    expect(body.moved).toBe(false);
    expect((await bytesOf(body)).equals(await readFile(join(dir, "fast.mp4")))).toBe(true);
  });

  it("turns 32-bit chunk offsets that would pass 4 GiB into 64-bit ones", async () => {
    const ftyp = box("ftyp", Buffer.from("isom\0\0\x02\0isom", "latin1"));
    const mdat = box("mdat", Buffer.from("data"));
    const stco = Buffer.alloc(12);
    stco.writeUInt32BE(1, 4); // version 0, one entry
    stco.writeUInt32BE(0xffff_fff0, 8);
    const moov = box("moov", box("trak", box("mdia", box("minf", box("stbl", box("stco", stco))))));
    await writeFile(join(dir, "big.mp4"), Buffer.concat([ftyp, mdat, moov]));
    const body = await moovFirst(join(dir, "big.mp4"));
    const sent = await bytesOf(body);
    const newMoov = sent.subarray(ftyp.length, sent.length - mdat.length);
    expect(newMoov.length).toBe(moov.length + 4);
    expect(sent.subarray(sent.length - mdat.length).equals(mdat)).toBe(true);
    const co64 = newMoov.indexOf("co64", 0, "latin1");
    expect(co64).toBeGreaterThan(0);
    expect(newMoov.readBigUInt64BE(co64 + 12)).toBe(BigInt(0xffff_fff0 + newMoov.length));
  });
});
