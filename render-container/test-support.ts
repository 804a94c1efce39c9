// Helpers for the renderer's tests: the real server as a child process, media
// made with the real ffmpeg, a static file server standing in for R2's signed
// URLs, and a receiver for progress callbacks. Not part of the image.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { chmod, mkdir, mkdtemp, open, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect } from "vitest";
import { RENDERER_NODE_FLAGS } from "./src/node-flags.ts";

const run = promisify(execFile);

/** Runs the real ffmpeg in `dir` (quiet, overwriting). */
export function ffmpegIn(dir: string, args: string[]) {
  return run("ffmpeg", ["-hide_banner", "-v", "error", "-y", ...args], { cwd: dir });
}

/** Runs the real ffprobe on a file and returns its JSON description. */
export async function ffprobeJson(path: string): Promise<any> {
  const { stdout } = await run("ffprobe", [
    "-v",
    "error",
    "-print_format",
    "json",
    "-show_format",
    "-show_streams",
    path,
  ]);
  return JSON.parse(stdout);
}

/** Pseudo-random bytes from a fixed seed, so every run sees the same "corrupt" file. */
export function corruptBytes(size = 64 * 1024): Buffer {
  let seed = 0x5eed;
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < bytes.length; i++) {
    seed = (seed * 1_103_515_245 + 12_345) >>> 0;
    bytes[i] = seed >>> 24;
  }
  return bytes;
}

export type RunningRenderer = {
  base: string;
  child: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
};

/** Starts `node render-container/server.ts` on a free port with extra env. */
export async function startRenderer(env: Record<string, string> = {}): Promise<RunningRenderer> {
  const child = spawn(process.execPath, [...RENDERER_NODE_FLAGS, resolve(import.meta.dirname, "server.ts")], {
    env: { ...process.env, HOST: "127.0.0.1", PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
  const base = await new Promise<string>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`renderer did not start:\n${output}`)), 10_000);
    const onData = () => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout!.off("data", onData);
        ready(match[1]!);
      }
    };
    child.stdout!.on("data", onData);
    void exited.then((code) => fail(new Error(`renderer exited with ${code}:\n${output}`)));
  });
  return {
    base,
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGKILL");
        await exited;
      }
    },
  };
}

/**
 * ffmpeg arguments for an H.264 test video (`pattern` at `size` and `rate`) with AAC from `sine`
 * (a 440 Hz tone by default; null for no audio).
 */
export function testVideo(
  name: string,
  {
    seconds,
    pattern = "testsrc",
    size = "320x240",
    rate = 25,
    sine = `sine=frequency=440:duration=${seconds}`,
  }: { seconds: number; pattern?: string; size?: string; rate?: number; sine?: string | null },
): string[] {
  const picture = ["-f", "lavfi", "-i", `${pattern}=duration=${seconds}:size=${size}:rate=${rate}`];
  const h264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"];
  if (sine === null) return [...picture, ...h264, name];
  return [...picture, "-f", "lavfi", "-i", sine, ...h264, "-c:a", "aac", "-shortest", name];
}

/** 8 s of pink noise as 32-bit float WAV (which keeps peaks above 0 dBFS), at `gain`, mono or stereo. */
export const pinkNoise = (name: string, seed: number, gain: string, layout: "mono" | "stereo") => [
  "-f",
  "lavfi",
  "-i",
  `anoisesrc=color=pink:duration=8:seed=${seed}:amplitude=1,volume=${gain},aformat=channel_layouts=${layout}`,
  "-c:a",
  "pcm_f32le",
  name,
];

/** Runs an ffmpeg audio filter over the first audio stream of `path`, output discarded: its report (stderr). */
export async function analyseAudio(path: string, filter: string): Promise<string> {
  const { stderr } = await run(
    "ffmpeg",
    [
      ["-hide_banner", "-nostats", "-i", path, "-map", "0:a:0"],
      ["-af", filter, "-f", "null", "-"],
    ].flat(),
  );
  return stderr;
}

/** EBU R128 integrated loudness (LUFS) and true peak (dBTP) of `path`'s audio, optionally between two times. */
export async function ebur128(path: string, from?: number, to?: number) {
  const trim = from === undefined ? "" : `atrim=${from}:${to},asetpts=PTS-STARTPTS,`;
  const stderr = await analyseAudio(path, `${trim}ebur128=peak=true:framelog=verbose`);
  const summary = stderr.slice(stderr.lastIndexOf("Summary:"));
  return {
    integrated: Number(/I:\s+(\S+) LUFS/.exec(summary)![1]),
    truePeak: Number(/Peak:\s+(\S+) dBFS/.exec(summary)![1]),
  };
}

export type Media = { dir: string; cleanup(): Promise<void> };

/** mp4 (H.264/AAC, 2 s, 320x240, 25 fps), mp3 (3 s), mp3 with cover art, png, corrupt .mp4. */
export async function makeMedia(): Promise<Media> {
  const dir = await mkdtemp(join(tmpdir(), "renderer-media-"));
  const ffmpeg = (args: string[]) => ffmpegIn(dir, args);
  await Promise.all([
    ffmpeg(testVideo("clip.mp4", { seconds: 2 })),
    ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=3", "-c:a", "libmp3lame", "tone.mp3"]),
    ffmpeg(["-f", "lavfi", "-i", "testsrc=size=64x48", "-frames:v", "1", "still.png"]),
  ]);
  await ffmpeg([
    "-i",
    "tone.mp3",
    "-i",
    "still.png",
    "-map",
    "0",
    "-map",
    "1",
    "-c:a",
    "copy",
    "-c:v",
    "png",
    "-disposition:v",
    "attached_pic",
    "-id3v2_version",
    "3",
    "cover.mp3",
  ]);
  // Random bytes named .mp4.
  await writeFile(join(dir, "corrupt.mp4"), corruptBytes());
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** A stand-in for ffprobe: answers -version, otherwise records its pid, sleeps, then prints `{}`-ish JSON. */
export async function fakeFfprobe(dir: string): Promise<string> {
  const path = join(dir, "slow-ffprobe.sh");
  await writeFile(
    path,
    [
      "#!/bin/sh",
      'if [ "$1" = "-hide_banner" ] || [ "$1" = "-version" ]; then echo "ffprobe version fake"; exit 0; fi',
      'if [ -n "$FAKE_FFPROBE_PIDS" ]; then echo $$ >> "$FAKE_FFPROBE_PIDS"; fi',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell default, not a JS template
      'sleep "${FAKE_FFPROBE_SLEEP:-30}"',
      `echo '{"streams":[{"codec_type":"audio","codec_name":"mp3"}],"format":{"format_name":"mp3","duration":"1.5"}}'`,
      "",
    ].join("\n"),
  );
  await chmod(path, 0o755);
  return path;
}

export type Upload = { path: string; headers: IncomingHttpHeaders; size: number };

export type StaticServer = {
  base: string;
  requests: string[];
  /** PUTs stored so far (a refused PUT is not listed). */
  uploads: Upload[];
  /** Paths of PUTs whose body broke off. */
  aborted: string[];
  close(): Promise<void>;
};

/**
 * Serves a folder over HTTP on 127.0.0.1, with Range support, like a signed
 * R2 URL would. Also the other half of R2's signed URLs: a PUT stores its
 * body (streamed) under the folder at the request's path, answering 200,
 * unless the URL carries `?status=403` (or any status), which is answered
 * without storing anything; a PUT whose body breaks off is listed in
 * `aborted` and leaves no file. A GET under `/stall/` sends the headers and the
 * first KiB of the file, then nothing more. For reads that go wrong after the
 * file's head was read (a range starting at byte 0): under `/once/` any other
 * range answers 404, under `/cut/` it sends half its bytes and hangs up, under
 * `/hang/` it sends half its bytes and then nothing, and under `/changing/`
 * every answer carries another ETag. Answers carry an ETag.
 */
export async function serveFolder(dir: string): Promise<StaticServer> {
  const requests: string[] = [];
  const uploads: Upload[] = [];
  const aborted: string[] = [];
  let answers = 0;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    requests.push(`${req.method === "GET" ? "" : `${req.method} `}${url.pathname}`);
    const mode = /^\/(stall|once|cut|hang|changing)\//.exec(url.pathname)?.[1];
    const stall = mode === "stall";
    const path = join(
      dir,
      decodeURIComponent(url.pathname.replace(/^\/(stall|once|cut|hang|changing)\//, "/"))
        .replace(/^\/+/, "")
        .replace(/\.\.+/g, ""),
    );
    if (req.method === "PUT") {
      const status = Number(url.searchParams.get("status") ?? 200);
      if (status !== 200) {
        res.writeHead(status, { "content-type": "text/plain", connection: "close" }).end("Refused");
        return;
      }
      await mkdir(dirname(path), { recursive: true });
      let size = 0;
      req.on("data", (chunk: Buffer) => (size += chunk.length));
      try {
        await pipeline(req, createWriteStream(path));
      } catch {
        aborted.push(url.pathname);
        await rm(path, { force: true });
        return;
      }
      uploads.push({ path: url.pathname, headers: req.headers, size });
      res.writeHead(200, { etag: '"stored"' }).end();
      return;
    }
    let data: Buffer;
    try {
      data = await readFile(path);
    } catch {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not Found");
      return;
    }
    if (stall) {
      res.writeHead(200, { "content-length": String(data.length) });
      res.write(data.subarray(0, 1024));
      return;
    }
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? "");
    const etag = mode === "changing" ? `"v${++answers}"` : `"${data.length}"`;
    if (range) {
      const start = Number(range[1]);
      const end = range[2] ? Math.min(Number(range[2]), data.length - 1) : data.length - 1;
      if (start >= data.length) {
        res.writeHead(416, { "content-range": `bytes */${data.length}` }).end();
        return;
      }
      if (mode === "once" && start > 0) {
        res.writeHead(404, { "content-type": "text/plain" }).end("Not Found");
        return;
      }
      res.writeHead(206, {
        etag,
        "accept-ranges": "bytes",
        "content-range": `bytes ${start}-${end}/${data.length}`,
        "content-length": String(end - start + 1),
      });
      if ((mode === "cut" || mode === "hang") && start > 0) {
        const half = data.subarray(start, start + Math.floor((end - start + 1) / 2));
        res.write(half, () => (mode === "cut" ? res.destroy() : undefined));
        return;
      }
      res.end(data.subarray(start, end + 1));
      return;
    }
    res.writeHead(200, { etag, "accept-ranges": "bytes", "content-length": String(data.length) });
    res.end(data);
  });
  return { ...(await listen(server, requests)), uploads, aborted };
}

export type CallbackReceiver = { url: string; received: unknown[]; close(): Promise<void> };

/** Records every JSON body POSTed to it and answers 204. */
export async function callbackReceiver(): Promise<CallbackReceiver> {
  const received: unknown[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push(JSON.parse(Buffer.concat(chunks).toString()));
    res.writeHead(204).end();
  });
  const { base, close } = await listen(server, []);
  return { url: `${base}/callbacks/progress?sig=test`, received, close };
}

async function listen(server: Server, requests: string[]) {
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

export function postJob(base: string, kind: string, body: unknown, init: RequestInit = {}) {
  return fetch(`${base}/jobs/${kind}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
    ...init,
  });
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** One test file's renderer and storage: see `rendererRig`. */
export type RendererRig = {
  /** The folder of media the file made; `out/` holds what the renderer PUT back. */
  dir: string;
  files: StaticServer;
  renderer: RunningRenderer;
  /** The renderer's TMPDIR, when asked for: every job's folder must be gone once it answered. */
  scratch: string;
  /** A URL of `name` in the storage stand-in, with the query a signed URL would carry. */
  url(name: string, query?: string): { url: string };
  /** Where the renderer's PUT of `out/<name>` landed on disk. */
  stored(name: string): string;
  /** POSTs a job of `kind`; the status and the parsed answer. */
  job(kind: string, body: Record<string, unknown>, base?: string): Promise<{ status: number; body: any }>;
};

/**
 * The scaffolding every job-kind test file shares: before its tests, a temporary folder filled
 * by `media` (with the real ffmpeg through `make`), a static server for it standing in for R2,
 * and a renderer process; after them, all of it gone.
 */
export function rendererRig(
  name: string,
  media: (make: (args: string[]) => Promise<unknown>, dir: string) => Promise<unknown>,
  options: { scratch?: boolean } = {},
): RendererRig {
  const rig = {
    url: (file: string, query?: string) => ({ url: `${rig.files.base}/${file}${query ? `?${query}` : ""}` }),
    stored: (file: string) => join(rig.dir, "out", file),
    async job(kind: string, body: Record<string, unknown>, base = rig.renderer.base) {
      const response = await postJob(base, kind, body);
      return { status: response.status, body: (await response.json()) as any };
    },
  } as RendererRig;
  beforeAll(async () => {
    rig.dir = await mkdtemp(join(tmpdir(), `renderer-${name}-`));
    if (options.scratch) rig.scratch = await mkdtemp(join(tmpdir(), "renderer-scratch-"));
    await media((args) => ffmpegIn(rig.dir, args), rig.dir);
    [rig.files, rig.renderer] = await Promise.all([
      serveFolder(rig.dir),
      startRenderer(options.scratch ? { TMPDIR: rig.scratch } : {}),
    ]);
  }, 30_000);
  afterAll(async () => {
    await Promise.all([rig.renderer?.stop(), rig.files?.close()]);
    await rm(rig.dir, { recursive: true, force: true });
    if (rig.scratch) await rm(rig.scratch, { recursive: true, force: true });
  });
  return rig;
}

// What the box-level join's tests (box-join*.test.ts) compare between the output and ffmpeg's.

export type Packet = { pts: number; duration: number; hash: string };
export type Stream = { kind: string; timeBase: number; duration: number; packets: Packet[] };

/** Every packet of every stream (ffprobe), with its time in seconds and an MD5 of its data. */
export async function packets(path: string): Promise<Stream[]> {
  const { stdout } = await run(
    "ffprobe",
    ["-v", "error", "-show_packets", "-show_data_hash", "md5", "-show_streams", "-of", "json", path],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const probed = JSON.parse(stdout);
  return probed.streams.map((s: any) => {
    const [num, den] = String(s.time_base).split("/").map(Number);
    const timeBase = num! / den!;
    return {
      kind: s.codec_type,
      timeBase,
      duration: Number(s.duration),
      packets: probed.packets
        .filter((p: any) => p.stream_index === s.index)
        .map((p: any) => ({ pts: p.pts * timeBase, duration: p.duration * timeBase, hash: p.data_hash })),
    };
  });
}

/** The decoded pictures' MD5s in order, without their timestamps. */
export async function pictures(path: string): Promise<string[]> {
  const { stdout } = await run("ffmpeg", ["-v", "error", "-i", path, "-map", "0:v", "-f", "framemd5", "-"], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => line.split(",").at(-1)!.trim());
}

/** The top-level box types at the start of a file. */
export async function topBoxes(path: string): Promise<string[]> {
  const file = await open(path, "r");
  try {
    const types: string[] = [];
    const head = Buffer.alloc(16);
    const { size } = await file.stat();
    for (let at = 0; at + 8 <= size; ) {
      await file.read(head, 0, 16, at);
      const length = head.readUInt32BE(0);
      types.push(head.toString("latin1", 4, 8));
      at += length === 1 ? Number(head.readBigUInt64BE(8)) : length;
    }
    return types;
  } finally {
    await file.close();
  }
}

export async function decodesCleanly(path: string) {
  const { stderr } = await run("ffmpeg", ["-v", "error", "-xerror", "-i", path, "-f", "null", "-"]);
  expect(stderr).toBe("");
}

/** `ffmpeg -f concat -c copy -movflags +faststart` of `names` in `dir` into `out` there (the baseline). */
export async function concatCopy(dir: string, names: string[], out: string, extra: string[] = []) {
  const list = join(dir, `${out}.txt`);
  await writeFile(list, names.map((n) => `file '${join(dir, n)}'\n`).join(""));
  await run("ffmpeg", [
    ...["-v", "error", "-y", ...extra, "-f", "concat", "-safe", "0", "-i", list],
    ...["-c", "copy", "-movflags", "+faststart", join(dir, out)],
  ]);
  return join(dir, out);
}
