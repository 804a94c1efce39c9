// The system programs the app and its tests need (Debian's ffmpeg for the renderer, chromium for
// the browser journeys): found on the machine, installed with apt-get when missing and running as
// root, otherwise a clear message naming what to install. Used by `npm start` and `npm test`.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export function onPath(program) {
  return spawnSync("sh", ["-c", `command -v ${program}`], { stdio: "ignore" }).status === 0;
}

export function chromiumPath() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
  ];
  return candidates.find((path) => path && existsSync(path));
}

function ffmpegBinaries() {
  const ffmpeg = process.env.FFMPEG_PATH || "ffmpeg";
  const ffprobe = process.env.FFPROBE_PATH || "ffprobe";
  return { ffmpeg, ffprobe };
}

const present = {
  chromium: () => Boolean(chromiumPath()),
  ffmpeg: () => {
    const { ffmpeg, ffprobe } = ffmpegBinaries();
    return (existsSync(ffmpeg) || onPath(ffmpeg)) && (existsSync(ffprobe) || onPath(ffprobe));
  },
};

/**
 * Makes sure the named programs ("chromium", "ffmpeg") are there: installs the missing ones from
 * Debian's packages when running as root with apt-get, else stops with a message naming them.
 */
export function ensureSystemPrograms(names, log = (m) => console.log(m), installed = false) {
  const missing = names.filter((name) => !present[name]());
  if (missing.length === 0) return;
  const isRoot = process.getuid?.() === 0;
  if (installed || !isRoot || !onPath("apt-get")) {
    console.error(
      `Missing ${missing.join(" and ")}. Install ${missing.length > 1 ? "them" : "it"} ` +
        `(Debian/Ubuntu: sudo apt-get install ${missing.join(" ")}; macOS: brew install ${missing.join(" ")})` +
        `${missing.includes("ffmpeg") ? ", or set FFMPEG_PATH and FFPROBE_PATH" : ""}` +
        `${missing.includes("chromium") ? ", or set CHROMIUM_PATH" : ""}, then run this again.`,
    );
    process.exit(1);
  }
  log(`Installing ${missing.join(", ")} from Debian's packages (apt-get)`);
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "--no-install-recommends", ...missing],
  ]) {
    if (spawnSync("apt-get", args, { stdio: "inherit" }).status !== 0) {
      console.error(`apt-get ${args.join(" ")} failed; install ${missing.join(" ")} by hand.`);
      process.exit(1);
    }
  }
  // FFMPEG_PATH / CHROMIUM_PATH may point elsewhere than the package put it: check again, once.
  ensureSystemPrograms(names, log, true);
}

/** "ffmpeg version 5.1.6-0+deb12u1 (/usr/bin/ffmpeg)": which ffmpeg the renderer will run. */
export function ffmpegDescription() {
  const { ffmpeg } = ffmpegBinaries();
  const where = spawnSync("sh", ["-c", `command -v ${ffmpeg}`], { encoding: "utf8" }).stdout.trim() || ffmpeg;
  const version = spawnSync(ffmpeg, ["-version"], { encoding: "utf8" }).stdout?.split(" Copyright")[0]?.trim();
  return `${version || "ffmpeg (version unknown)"} (${where})`;
}
