// The box-level join (ADR 025) tried against many kinds of alike and
// not-quite-alike MP4s, each rendered through the real server and compared
// with `ffmpeg -f concat -c copy -movflags +faststart` of the same items:
// the same packets (bytes) per stream and the same decoded pictures, each
// item's first packet and every stream's duration within one packet of
// ffmpeg's, a clean decode, the moov in front, a seek into the third item
// landing on the picture ffmpeg's file lands on — and the path taken (box
// join or ffmpeg) the expected one. Cases the join must not take fall back.
import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { concatCopy, decodesCleanly, ffprobeJson, packets, pictures, rendererRig, topBoxes } from "./test-support.ts";

const run = promisify(execFile);

type Clip = {
  video: number;
  audio?: number | null;
  rate?: string;
  sampleRate?: number;
  tone?: number;
  x264?: string[];
  extra?: string[];
  /** The sound track first, the picture second. */
  audioFirst?: boolean;
};

/** A testsrc picture (x264, its hue from the tone so that items' pictures differ) and a sine (AAC) clip, moov at the end unless `extra` says otherwise. */
function clip(name: string, c: Clip): string[] {
  const audio = c.audio === undefined ? c.video : c.audio;
  return [
    ...[
      "-f",
      "lavfi",
      "-i",
      `testsrc=duration=${c.video}:size=160x120:rate=${c.rate ?? 25},hue=h=${(c.tone ?? 440) % 360}`,
    ],
    ...(audio === null
      ? []
      : [
          "-f",
          "lavfi",
          "-i",
          `sine=frequency=${c.tone ?? 440}:sample_rate=${c.sampleRate ?? 48000}:duration=${audio}`,
        ]),
    ...(c.audioFirst ? ["-map", "1:a", "-map", "0:v"] : []),
    ...["-pix_fmt", "yuv420p"],
    ...(c.x264?.includes("libx265") ? [] : ["-c:v", "libx264", "-preset", "veryfast"]),
    ...(c.x264 ?? ["-bf", "2", "-g", "25"]),
    ...(audio === null ? [] : ["-c:a", "aac", "-b:a", "64k"]),
    ...(c.extra ?? []),
    name,
  ];
}

/** A box and its children, rebuilt by `change` (which may return the box as it is, or null to drop it). */
function rewrite(box: Buffer, change: (box: Buffer, type: string) => Buffer | null): Buffer | null {
  const type = box.toString("latin1", 4, 8);
  if (!["moov", "trak", "mdia", "minf", "stbl"].includes(type)) return change(box, type);
  const parts: Buffer[] = [];
  for (let at = 8; at + 8 <= box.length; ) {
    const size = box.readUInt32BE(at);
    const changed = rewrite(box.subarray(at, at + size), change);
    if (changed) parts.push(changed);
    at += size;
  }
  const head = Buffer.from(box.subarray(0, 8));
  const body = Buffer.concat(parts);
  head.writeUInt32BE(8 + body.length, 0);
  return change(Buffer.concat([head, body]), type);
}

/** `from` (moov at the end) with its moov rewritten: the mdat does not move, so offsets stay true. */
async function withMoov(dir: string, from: string, to: string, change: (box: Buffer, type: string) => Buffer | null) {
  const file = await readFile(join(dir, from));
  const moovAt = file.lastIndexOf("moov") - 4;
  await writeFile(join(dir, to), Buffer.concat([file.subarray(0, moovAt), rewrite(file.subarray(moovAt), change)!]));
}

/** stco → co64: the same offsets in 64 bits. */
const toCo64 = (box: Buffer, type: string): Buffer => {
  if (type !== "stco") return box;
  const count = box.readUInt32BE(12);
  const out = Buffer.alloc(16 + count * 8);
  out.writeUInt32BE(out.length, 0);
  out.write("co64", 4, "latin1");
  out.writeUInt32BE(count, 12);
  for (let i = 0; i < count; i++) out.writeBigUInt64BE(BigInt(box.readUInt32BE(16 + i * 4)), 16 + i * 8);
  return out;
};

/** The picture turned 90° (tkhd's display matrix of the track with a picture size). */
const rotated = (box: Buffer, type: string): Buffer => {
  if (type !== "tkhd" || box.readUInt32BE(box.length - 8) === 0) return box;
  const copy = Buffer.from(box);
  const matrix = [0, 0x1_0000, 0, -0x1_0000, 0, 0, 0, 0, 0x4000_0000];
  for (const [i, value] of matrix.entries()) copy.writeInt32BE(value, copy.length - 44 + 4 * i);
  return copy;
};

/** The picture shown 2 frames (1024 ticks of 1/12800 s) late: a ctts where there was none. */
const late = (box: Buffer, type: string): Buffer => {
  const isVideo = type === "stbl" && box.includes("avc1") && !box.includes("ctts");
  if (!isVideo) return box;
  const sizes = box.indexOf("stsz");
  const ctts = Buffer.alloc(24);
  ctts.writeUInt32BE(24, 0);
  ctts.write("ctts", 4, "latin1");
  ctts.writeUInt32BE(1, 12);
  ctts.writeUInt32BE(box.readUInt32BE(sizes + 12), 16);
  ctts.writeUInt32BE(1024, 20);
  const out = Buffer.concat([box, ctts]);
  out.writeUInt32BE(out.length, 0);
  return out;
};

/** Without the AAC roll group (sgpd/sbgp), as other muxers write AAC. */
const withoutGroups = (box: Buffer, type: string): Buffer | null => (type === "sgpd" || type === "sbgp" ? null : box);

const rig = rendererRig(
  "box-join-matrix",
  async (make, dir) => {
    const noB = ["-bf", "0", "-g", "25"];
    const pyramid = ["-bf", "3", "-x264-params", "b-pyramid=normal", "-g", "25"];
    const oneKey = ["-bf", "2", "-g", "1000", "-sc_threshold", "0"];
    const ntsc = "30000/1001";
    await Promise.all(
      (
        [
          ["nob-1.mp4", { video: 1, x264: noB }],
          ["nob-2.mp4", { video: 2, x264: noB, tone: 550 }],
          ["nob-3.mp4", { video: 1.5, x264: noB, tone: 660 }],
          ["pyr-1.mp4", { video: 1, x264: pyramid }],
          ["pyr-2.mp4", { video: 2.2, x264: pyramid, tone: 550 }],
          ["pyr-3.mp4", { video: 1.4, x264: pyramid, tone: 660 }],
          ["key-1.mp4", { video: 1, x264: oneKey }],
          ["key-2.mp4", { video: 2, x264: oneKey, tone: 550 }],
          ["key-3.mp4", { video: 3, x264: oneKey, tone: 660 }],
          ["ntsc-1.mp4", { video: 1, rate: ntsc }],
          ["ntsc-2.mp4", { video: 2.1, rate: ntsc, tone: 550 }],
          ["ntsc-3.mp4", { video: 1.3, rate: ntsc, tone: 660 }],
          ["ntsc-long-audio.mp4", { video: 1, audio: 1.7, rate: ntsc, tone: 770 }],
          ["ntsc-short-audio.mp4", { video: 2, audio: 1.2, rate: ntsc, tone: 880 }],
          ["ep-1.mp4", { video: 3 }],
          ["spot.mp4", { video: 0.5, tone: 990 }],
          ["ep-2.mp4", { video: 3, tone: 550 }],
          ["fast.mp4", { video: 1.5, tone: 660, extra: ["-movflags", "+faststart"] }],
          ["mute-1.mp4", { video: 1, audio: null }],
          ["mute-2.mp4", { video: 2, audio: null, tone: 550 }],
          ["mute-3.mp4", { video: 1.5, audio: null, tone: 660 }],
          ["hz44.mp4", { video: 1, sampleRate: 44100 }],
          ["baseline.mp4", { video: 1, x264: ["-bf", "0", "-g", "25", "-profile:v", "baseline"] }],
          ["crf30.mp4", { video: 1, x264: ["-bf", "2", "-g", "25", "-crf", "30"] }],
          ["noedit-1.mp4", { video: 1, extra: ["-use_editlist", "0"] }],
          ["noedit-2.mp4", { video: 2, tone: 550, extra: ["-use_editlist", "0"] }],
          ["noedit-3.mp4", { video: 1.5, tone: 660, extra: ["-use_editlist", "0"] }],
          ["neg-1.mp4", { video: 1, extra: ["-movflags", "negative_cts_offsets"] }],
          ["neg-2.mp4", { video: 2, tone: 550, extra: ["-movflags", "negative_cts_offsets"] }],
          ["neg-3.mp4", { video: 1.5, tone: 660, extra: ["-movflags", "negative_cts_offsets"] }],
          ["afirst-1.mp4", { video: 1, audioFirst: true }],
          ["afirst-2.mp4", { video: 2, tone: 550, audioFirst: true }],
          ["afirst-3.mp4", { video: 1.5, tone: 660, audioFirst: true }],
          ["intra.mp4", { video: 1, tone: 770, x264: ["-bf", "0", "-g", "25", "-force_key_frames", "expr:1"] }],
          ...[1, 2, 1.5].map((video, n): [string, Clip] => [
            `hevc-${n + 1}.mp4`,
            { video, tone: 440 + 110 * n, x264: [...["-c:v", "libx265", "-preset", "ultrafast", "-tag:v", "hvc1"]] },
          ]),
          ["k441-1.mp4", { video: 1, sampleRate: 44100 }],
          ["k441-2.mp4", { video: 2.3, tone: 550, sampleRate: 44100 }],
          ["k441-3.mp4", { video: 1.7, tone: 660, sampleRate: 44100 }],
          ...[1, 2.2, 1.3].map((video, n): [string, Clip] => [
            `mts-${n + 1}.mp4`,
            {
              video,
              tone: 440 + 110 * n,
              rate: ntsc,
              extra: ["-movie_timescale", "600", "-video_track_timescale", "90000"],
            },
          ]),
          ...[0.3, 0.2, 0.4, 0.3].map((video, n): [string, Clip] => [
            `tiny-${n + 1}.mp4`,
            { video, tone: 300 + 150 * n, rate: ntsc, audio: video + 0.05 },
          ]),
          ["frag.mp4", { video: 1, extra: ["-movflags", "frag_keyframe+empty_moov"] }],
        ] as [string, Clip][]
      ).map(([name, c]) => make(clip(name, c))),
    );
    // Two sound tracks.
    await make([
      ...["-i", "nob-1.mp4", "-f", "lavfi", "-i", "sine=frequency=300:sample_rate=48000:duration=1"],
      ...["-map", "0:v", "-map", "0:a", "-map", "1:a", "-c:v", "copy", "-c:a", "aac", "two-audio.mp4"],
    ]);
    await withMoov(dir, "ep-2.mp4", "co64.mp4", toCo64);
    await withMoov(dir, "ep-2.mp4", "no-groups.mp4", withoutGroups);
    await withMoov(dir, "nob-2.mp4", "late-2.mp4", late);
    for (const name of ["ep-1", "spot", "ep-2"]) await withMoov(dir, `${name}.mp4`, `rot-${name}.mp4`, rotated);
  },
  { scratch: true },
);

const render = (names: string[], out: string) =>
  rig.job("render", {
    jobId: `matrix-${out}`,
    input: {
      items: names.map((n) => rig.url(n, "X-Amz-Signature=secret-get")),
      output: rig.url(`out/${out}`, "X-Amz-Signature=secret-put"),
      mediaType: "video",
    },
  });

const concat = (names: string[], out: string, extra: string[] = []) => concatCopy(rig.dir, names, out, extra);

/** The index (in decode order of pictures) of the picture a seek to `at` seconds shows first. */
async function seekLandsOn(path: string, at: number, all: string[]): Promise<number> {
  const { stdout } = await run("ffmpeg", [
    ...["-v", "error", "-ss", String(at), "-i", path, "-map", "0:v", "-frames:v", "1", "-f", "framemd5", "-"],
  ]);
  const hash = stdout
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => line.split(",").at(-1)!.trim())[0];
  expect(hash).toBeTruthy();
  return all.indexOf(hash!);
}

const duration = async (path: string) => Number((await ffprobeJson(path)).format.duration);

/** Renders `names` and checks it took the box join and matches ffmpeg's concat, as the header says. */
async function sameAsFfmpeg(names: string[], out: string) {
  const logBefore = rig.renderer.output().length;
  const { status, body } = await render(names, out);
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.result.method).toBe("copy");
  expect(rig.renderer.output().slice(logBefore)).toMatch(/joined at the box level while uploading/);
  const mine = rig.stored(out);
  expect((await topBoxes(mine)).slice(0, 3)).toEqual(["ftyp", "moov", "mdat"]);
  await decodesCleanly(mine);

  const reference = await concat(names, `ffmpeg-${out}`);
  const [ours, theirs, plain, inputs] = await Promise.all([
    packets(mine),
    packets(reference),
    packets(await concat(names, `plain-${out}`, ["-auto_convert", "0"])),
    Promise.all(names.map((n) => packets(join(rig.dir, n)))),
  ]);
  expect(ours.map((s) => s.kind)).toEqual(theirs.map((s) => s.kind));
  for (const [s, stream] of ours.entries()) {
    const ffmpegs = theirs[s]!;
    expect(stream.packets.length).toBe(ffmpegs.packets.length);
    expect(stream.packets.map((p) => p.hash)).toEqual(plain[s]!.packets.map((p) => p.hash));
    expect(stream.packets.map((p) => p.hash)).toEqual(inputs.flatMap((i) => i[s]!.packets.map((p) => p.hash)));
    const longest = Math.max(...ffmpegs.packets.map((p) => p.duration));
    let first = 0;
    for (const [n, input] of inputs.entries()) {
      const [a, b] = [stream.packets[first]!.pts, ffmpegs.packets[first]!.pts];
      expect(Math.abs(a - b), `${stream.kind} of item ${n + 1}: ${a} s, ffmpeg ${b} s`).toBeLessThanOrEqual(
        longest + 1e-6,
      );
      first += input[s]!.packets.length;
    }
    expect(Math.abs(stream.duration - ffmpegs.duration), `${stream.kind} duration`).toBeLessThanOrEqual(longest + 1e-6);
  }
  const [ourPictures, theirPictures] = await Promise.all([pictures(mine), pictures(reference)]);
  expect(ourPictures).toEqual(theirPictures);
  const total = (await Promise.all(names.map((n) => duration(join(rig.dir, n))))).reduce((sum, d) => sum + d, 0);
  expect(Math.abs((await duration(mine)) - total)).toBeLessThanOrEqual(0.04);
  expect(Math.abs(body.result.durationSeconds - total)).toBeLessThanOrEqual(0.04);

  // A seek to the middle of the third item (or the last) shows the picture ffmpeg's file shows there.
  const video = ours.findIndex((st) => st.kind === "video");
  const lengths = inputs.map((i) => i[video]!.packets.length);
  const third = Math.min(2, names.length - 1);
  const firstOfThird = lengths.slice(0, third).reduce((sum, l) => sum + l, 0);
  const frame = ours[video]!.packets[1]!.duration || 0.04;
  const target = ourPictures.length > 0 ? firstOfThird + Math.floor(lengths[third]! / 2) : 0;
  const at = [...ours[video]!.packets.map((p) => p.pts)].sort((x, y) => x - y)[target]! + frame / 4;
  const [landed, ffmpegLanded] = await Promise.all([
    seekLandsOn(mine, at, ourPictures),
    seekLandsOn(reference, at, ourPictures),
  ]);
  expect(landed).toBeGreaterThanOrEqual(firstOfThird);
  expect(Math.abs(landed - ffmpegLanded)).toBeLessThanOrEqual(1);
  expect(Math.abs(landed - target)).toBeLessThanOrEqual(1);
  return { ours, body };
}

/** Renders `names` and checks ffmpeg did it (a clean, complete file). */
async function byFfmpeg(names: string[], out: string, method: "copy" | "reencode", why?: RegExp) {
  const logBefore = rig.renderer.output().length;
  const { status, body } = await render(names, out);
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.result.method).toBe(method);
  const log = rig.renderer.output().slice(logBefore);
  expect(log).not.toMatch(/joined at the box level/);
  if (why) expect(log).toMatch(why);
  const mine = rig.stored(out);
  await decodesCleanly(mine);
  const total = (await Promise.all(names.map((n) => duration(join(rig.dir, n))))).reduce((sum, d) => sum + d, 0);
  expect(Math.abs(body.result.durationSeconds - total)).toBeLessThanOrEqual(0.1);
  return mine;
}

describe("box-level join against ffmpeg's concat: what it joins", { timeout: 60_000 }, () => {
  const joins: [string, string[]][] = [
    ["x264 without B-frames", ["nob-1.mp4", "nob-2.mp4", "nob-3.mp4"]],
    ["x264 with B-frames and b-pyramid", ["pyr-1.mp4", "pyr-2.mp4", "pyr-3.mp4", "pyr-1.mp4"]],
    ["one keyframe per item (long GOP)", ["key-1.mp4", "key-2.mp4", "key-3.mp4"]],
    ["30000/1001 fps", ["ntsc-1.mp4", "ntsc-2.mp4", "ntsc-3.mp4"]],
    [
      "30000/1001 fps, audio longer and shorter than the picture in the middle",
      ["ntsc-1.mp4", "ntsc-long-audio.mp4", "ntsc-2.mp4", "ntsc-short-audio.mp4", "ntsc-3.mp4"],
    ],
    ["a 0.5 s spot between 3 s episodes", ["ep-1.mp4", "spot.mp4", "ep-2.mp4", "spot.mp4"]],
    ["a faststart item (moov first) beside moov-last ones", ["ep-1.mp4", "fast.mp4", "ep-2.mp4"]],
    ["an item with co64 chunk offsets", ["ep-1.mp4", "spot.mp4", "co64.mp4"]],
    ["video-only items", ["mute-1.mp4", "mute-2.mp4", "mute-3.mp4"]],
    ["items without edit lists (-use_editlist 0)", ["noedit-1.mp4", "noedit-2.mp4", "noedit-3.mp4"]],
    ["negative composition offsets (ctts version 1)", ["neg-1.mp4", "neg-2.mp4", "neg-3.mp4"]],
    ["an all-keyframe item (no stss) beside ones with stss", ["nob-1.mp4", "nob-2.mp4", "intra.mp4"]],
    ["HEVC (hvc1)", ["hevc-1.mp4", "hevc-2.mp4", "hevc-3.mp4"]],
    ["AAC at 44.1 kHz in every item", ["k441-1.mp4", "k441-2.mp4", "k441-3.mp4"]],
    ["a movie timescale of 600 and a picture timescale of 90000", ["mts-1.mp4", "mts-2.mp4", "mts-3.mp4"]],
    [
      "twelve items of 0.2-0.4 s at 30000/1001 fps, audio longer than the picture",
      [1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4].map((n) => `tiny-${n}.mp4`),
    ],
  ];
  for (const [what, names] of joins)
    it(what, async () => {
      await sameAsFfmpeg(names, `${what.replace(/\W+/g, "-")}.mp4`);
    });

  it("keeps a later item's composition offsets when the first item has none", async () => {
    // late-2 is nob-2 with every picture shown 2 frames late (a ctts); nob-1 has no ctts.
    const { ours: plain } = await sameAsFfmpeg(["nob-1.mp4", "nob-3.mp4", "nob-2.mp4"], "plain-ctts.mp4");
    const { status, body } = await render(["nob-1.mp4", "nob-3.mp4", "late-2.mp4"], "late-ctts.mp4");
    expect(status, JSON.stringify(body)).toBe(200);
    await decodesCleanly(rig.stored("late-ctts.mp4"));
    const late = await packets(rig.stored("late-ctts.mp4"));
    const video = (streams: typeof late) => streams.find((s) => s.kind === "video")!.packets;
    const count = async (name: string) => video(await packets(join(rig.dir, name))).length;
    const [first, last] = [(await count("nob-1.mp4")) + (await count("nob-3.mp4")), await count("nob-2.mp4")];
    expect(video(late).length).toBe(first + last);
    // In milliseconds: the first two items' pictures where they were, the third's each 80 ms later.
    const shifts = video(late).map((p, i) => Math.round((p.pts - video(plain)[i]!.pts) * 1000));
    expect(shifts).toEqual([...Array(first).fill(0), ...Array(last).fill(80)]);
  });

  it("items rotated alike keep their display matrix", async () => {
    const { body } = await sameAsFfmpeg(["rot-ep-1.mp4", "rot-spot.mp4", "rot-ep-2.mp4"], "rotated.mp4");
    const rotation = (path: string) =>
      ffprobeJson(path).then((p) => p.streams[0].side_data_list?.find((d: any) => "rotation" in d)?.rotation);
    expect(Math.abs(await rotation(rig.stored("rotated.mp4")))).toBe(90);
    expect(await rotation(rig.stored("rotated.mp4"))).toBe(await rotation(join(rig.dir, "ffmpeg-rotated.mp4")));
    // The answer's picture size is the stream's, as the ffmpeg path reads it back from its output.
    const { width, height } = (await ffprobeJson(join(rig.dir, "ffmpeg-rotated.mp4"))).streams[0];
    expect(body.result.resolution).toBe(`${width}x${height}`);
  });
});

describe("box-level join against ffmpeg's concat: what it leaves to ffmpeg", { timeout: 60_000 }, () => {
  it("AAC at 44.1 kHz beside 48 kHz", async () => {
    await byFfmpeg(["ep-1.mp4", "hz44.mp4"], "hz.mp4", "reencode");
  });
  it("another H.264 profile (other SPS/PPS)", async () => {
    await byFfmpeg(["nob-1.mp4", "baseline.mp4"], "profile.mp4", "reencode");
  });
  it("another crf (other PPS)", async () => {
    await byFfmpeg(["ep-1.mp4", "crf30.mp4"], "crf.mp4", "reencode");
  });
  it("a rotated item beside an unrotated one", async () => {
    await byFfmpeg(["ep-1.mp4", "rot-ep-2.mp4"], "rot-mixed.mp4", "reencode");
  });
  it("an item with two sound tracks", async () => {
    await byFfmpeg(["two-audio.mp4", "nob-1.mp4"], "two-audio.mp4", "reencode");
  });
  it("an item without the AAC roll group beside ones with it", async () => {
    await byFfmpeg(["ep-1.mp4", "no-groups.mp4"], "groups.mp4", "copy", /box-level join not possible/);
  });
  it("the sound track before the picture track (ffmpeg's join maps the picture first)", async () => {
    const out = await byFfmpeg(
      ["afirst-1.mp4", "afirst-2.mp4"],
      "afirst.mp4",
      "copy",
      /first track that is not the picture/,
    );
    expect((await packets(out)).map((s) => s.kind)).toEqual(["video", "audio"]);
  });
  it("a fragmented item", async () => {
    await byFfmpeg(["ep-1.mp4", "frag.mp4"], "frag-mixed.mp4", "copy");
  });
});
