// The probe's BPM suggestion for a store beat, end to end: the real server runs the real ffmpeg
// on drum patterns synthesised at known tempi and read over HTTP, as it reads signed R2 URLs.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fold } from "./src/tempo.ts";
import {
  ffmpegIn,
  postJob,
  type RunningRenderer,
  type StaticServer,
  serveFolder,
  startRenderer,
} from "./test-support.ts";

let dir: string;
let files: StaticServer;
let renderer: RunningRenderer;

/**
 * A kick (a sine sweeping down from ~300 Hz to 50 Hz, decaying) on every beat of `bpm`, and with
 * `hats` a noise burst on every eighth note; `seconds` long.
 */
function drums(bpm: number, { hats = false, seconds = 40 } = {}) {
  const beat = 60 / bpm;
  const phase = `mod(t,${beat})`;
  const kick = `0.8*sin(2*PI*(50*${phase}+6*(1-exp(-${phase}*30))))*exp(-${phase}*9)`;
  const hat = `0.15*(random(0)*2-1)*exp(-mod(t,${beat / 2})*70)`;
  return `aevalsrc='${hats ? `${kick}+${hat}` : kick}':s=44100:d=${seconds}`;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "renderer-tempo-"));
  const make = (name: string, source: string, codec: string[]) =>
    ffmpegIn(dir, ["-f", "lavfi", "-i", source, ...codec, name]);
  const mp3 = ["-c:a", "libmp3lame", "-b:a", "128k"];
  await Promise.all([
    make("kick-90.mp3", drums(90), mp3),
    make("kick-120.wav", drums(120), ["-c:a", "pcm_s16le"]),
    make("drums-140.mp3", drums(140, { hats: true }), mp3),
    // 100 s: the excerpt comes from the middle, and the pulse is there too.
    make("drums-174.mp3", drums(174, { hats: true, seconds: 100 }), mp3),
    make("tone.mp3", "sine=frequency=220:duration=30", mp3),
    make("short.mp3", drums(120, { seconds: 4 }), mp3),
  ]);
  [files, renderer] = await Promise.all([serveFolder(dir), startRenderer()]);
}, 60_000);

afterAll(async () => {
  await Promise.all([renderer?.stop(), files?.close()]);
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function probe(name: string, extra: Record<string, unknown> = { tempo: true }) {
  const input = { url: `${files.base}/${name}`, ...extra };
  const response = await postJob(renderer.base, "probe", { jobId: `tempo-${name}`, input });
  return { status: response.status, body: (await response.json()) as any };
}

describe("POST /jobs/probe with tempo", () => {
  it.each([
    ["kick-90.mp3", 90],
    ["kick-120.wav", 120],
    ["drums-140.mp3", 140],
  ])(
    "suggests the BPM of %s within 2 BPM",
    async (name, bpm) => {
      const { status, body } = await probe(name);
      expect(status).toBe(200);
      expect(Math.abs(body.result.tempo.bpm - bpm)).toBeLessThanOrEqual(2);
      expect(body.result.tempo.confidence).toBeGreaterThan(0.5);
      expect(body.result.tempo.confidence).toBeLessThanOrEqual(1);
    },
    60_000,
  );

  it("suggests a fast beat or its half (folding), within 2 BPM, never 2/3 of it", async () => {
    const { status, body } = await probe("drums-174.mp3");
    expect(status).toBe(200);
    const { bpm } = body.result.tempo;
    expect(bpm).toBeGreaterThanOrEqual(70);
    expect(bpm).toBeLessThanOrEqual(180);
    const distance = Math.min(Math.abs(bpm - 174), Math.abs(bpm - 87));
    expect(distance).toBeLessThanOrEqual(2);
  }, 60_000);

  it("suggests nothing for a steady tone or a file too short to time, and the probe still succeeds", async () => {
    for (const name of ["tone.mp3", "short.mp3"]) {
      const { status, body } = await probe(name);
      expect(status).toBe(200);
      expect(body.result.hasAudio).toBe(true);
      expect(body.result.tempo).toBeNull();
    }
  }, 60_000);

  it("does not decode for a tempo unless asked, and refuses a tempo flag that is not a boolean", async () => {
    const plain = await probe("kick-90.mp3", {});
    expect(plain.status).toBe(200);
    expect(plain.body.result).not.toHaveProperty("tempo");
    const bad = await probe("kick-90.mp3", { tempo: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ "input.tempo": "must be true or false" });
  }, 60_000);
});

describe("fold", () => {
  it("halves or doubles a tempo into 70–180", () => {
    expect(fold(60)).toBe(120);
    expect(fold(35)).toBe(70);
    expect(fold(200)).toBe(100);
    expect(fold(360)).toBe(180);
    expect(fold(400)).toBe(100);
    expect(fold(140)).toBe(140);
  });
});
