// Media made on the spot for browser journeys (ffmpeg is on the machine for the renderer anyway).
import { execFileSync } from "node:child_process";
import { join } from "node:path";

/** A short H.264/AAC test clip made with ffmpeg (testsrc picture, sine tone). */
export function makeClip(dir: string, name: string, seconds: number) {
  const out = join(dir, name);
  execFileSync(
    "ffmpeg",
    [
      "-y",
      "-loglevel",
      "error",
      "-f",
      "lavfi",
      "-i",
      `testsrc=duration=${seconds}:size=160x120:rate=10`,
      "-f",
      "lavfi",
      "-i",
      `sine=duration=${seconds}`,
      "-shortest",
      "-c:v",
      "libx264",
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
      out,
    ],
    { stdio: "pipe" },
  );
  return out;
}

/** A short silent VP8 WebM (testsrc picture), as a browser's own recorder makes. */
export function makeWebm(dir: string, name: string, seconds: number) {
  const out = join(dir, name);
  execFileSync(
    "ffmpeg",
    [
      ...["-y", "-loglevel", "error", "-f", "lavfi", "-i", `testsrc=duration=${seconds}:size=160x120:rate=10`],
      ...["-c:v", "libvpx", "-b:v", "200k", out],
    ],
    { stdio: "pipe" },
  );
  return out;
}

/** A sine tone as an MP3 (an ordinary upload: VBR-free 192 kbit/s, with the encoder's own headers). */
export function makeTone(dir: string, name: string, seconds: number, frequency: number) {
  const out = join(dir, name);
  execFileSync(
    "ffmpeg",
    [
      ...["-y", "-loglevel", "error", "-f", "lavfi", "-i", `sine=frequency=${frequency}:duration=${seconds}`],
      ...["-ac", "2", "-c:a", "libmp3lame", "-b:a", "192k", out],
    ],
    { stdio: "pipe" },
  );
  return out;
}

/** A real 960 × 480 PNG (the welcome card's 2:1), within the popup image's rules. */
export function bannerPng(): Buffer {
  return execFileSync("ffmpeg", [
    ...["-loglevel", "error", "-f", "lavfi", "-i", "gradients=s=960x480:n=3:seed=7", "-frames:v", "1"],
    ...["-f", "image2pipe", "-c:v", "png", "-"],
  ]);
}
