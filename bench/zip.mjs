// `npm run bench:zip`: the packaging job's zip path (worker/domain/packages/zip.ts)
// against Info-ZIP's `zip -0` on the same files, and its peak memory for 1 GiB.
//
//  1. Makes bench/results/zip-input/ once: 8 files of 128 MiB (1 GiB), a
//     random 1 MiB block repeated with each MiB's first bytes numbered, so no
//     two MiB are alike. Reused while count and sizes match. Then reads them
//     once so both paths start from the page cache.
//  2. Bundles worker/domain/packages/zip.ts (with fflate) with esbuild into
//     bench/results/zip-bundle.mjs: the Worker runs bundled JS too, and Node's
//     own type stripping would add ~20 MiB of RSS (its wasm loader) that is
//     not the packaging's. `--strip-types` imports the .ts directly instead.
//  3. Rounds alternate zip, ours, zip, ours … (--rounds 2 each):
//     ours  a child Node process (this file with --child) that opens every
//           file as a web byte stream (FileHandle.readableWebStream({type:
//           "bytes"}); an R2 object body in workerd is a byte stream too, so
//           zipStream reads both into one recycled buffer), runs zipStream →
//           fixedChunks(8 MiB) exactly like worker/domain/packages/jobs.ts, and writes
//           each part to <out>/ours.zip (awaited, like uploadPart). Peak
//           RSS: the child's own getrusage maxRSS.
//     zip   `zip -0 -q <out>/zip.zip <files>` in the input folder, run under
//           /usr/bin/time -v for its peak RSS (else its /proc/<pid>/status
//           VmHWM, sampled).
//     Time is the whole process, spawn to exit, for both. <out> is a folder
//     in /dev/shm (tmpfs) when it has room, so neither waits for disk
//     writeback (the job writes to R2, not to a disk); else (or with --disk)
//     bench/results/zip-out. Output files are deleted before every run (zip
//     would update an existing archive) and at the end.
//  4. Reports MiB/s of each (input bytes / wall time), the ratios ours/zip by
//     median wall time and by median CPU time (user + sys; targets >= 0.8
//     each), our peak RSS above the peak RSS of the same child that only
//     imports the module (Node itself; target <= 32 MiB, whatever the size:
//     run it with --mib 4064 too), and checks our archive: `unzip -tq` (else CRC-32 of every
//     entry against its central directory record), and entry names and sizes
//     from the central directory against the input files.
//
// Flags: --rounds 2, --files 8, --mib 1024 (total input; the classic zip
// format stops just short of 4 GiB, so "4 GiB" is --mib 4064), --json (writes
// bench/results/zip.json), --strip-types, --disk (archives on disk, not
// tmpfs), --clean (delete zip-input at the
// end; kept by default for the next run). Exits 0 when a target is missed: it
// is a measurement; it exits 1 only when it could not measure.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { open } from "node:fs/promises";
import { totalmem } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { crc32 } from "node:zlib";
import {
  fmt,
  loadAverage,
  loadAverageBefore,
  loadAverageLine,
  MiB,
  median,
  outputFolder,
  printTargets,
  RESULTS,
  readFlags,
  root,
  run,
  runBench,
  table,
  writeResults,
} from "./lib.mjs";

const TAG = "bench/zip";
const PART_SIZE = 8 * MiB; // worker/domain/packages/jobs.ts PACKAGE_PART_SIZE
const TARGET_RATIO = 0.8;
const TARGET_ABOVE_IDLE_MIB = 32;
const INPUT_DIR = join(RESULTS, "zip-input");
const BUNDLE = join(RESULTS, "zip-bundle.mjs");
const SOURCE = resolve(root, "worker/domain/packages/zip.ts");

const nodeFlags = ["--disable-warning=ExperimentalWarning"];

// In the --child run these are all their defaults, unused.
const flags = readFlags();
const ROUNDS = flags.int("rounds", 2);
const FILES = flags.int("files", 8);
const TOTAL_MIB = flags.int("mib", 1024);
const JSON_OUT = flags.has("json");
const STRIP_TYPES = flags.has("strip-types");
const DISK = flags.has("disk");
const CLEAN = flags.has("clean");

// ---------------------------------------------------------------- child

// `node bench/zip.mjs --child <module> <inputDir> <out>`: one packaging run,
// or with <inputDir> "-" only the import (Node's own footprint). Prints JSON.
async function child([modulePath, inputDir, out]) {
  const started = performance.now();
  const { zipStream, fixedChunks } = await import(modulePath);
  let parts = 0;
  let size = 0;
  let peakArrayBuffers = 0;
  let peakHeap = 0;
  const sample = () => {
    const m = process.memoryUsage();
    peakArrayBuffers = Math.max(peakArrayBuffers, m.arrayBuffers);
    peakHeap = Math.max(peakHeap, m.heapTotal);
  };
  if (inputDir !== "-") {
    const names = readdirSync(inputDir).sort();
    const handles = [];
    const entries = names.map((name) => {
      const path = join(inputDir, name);
      return {
        name,
        size: statSync(path).size,
        async open() {
          const handle = await open(path, "r");
          handles.push(handle);
          return handle.readableWebStream({ type: "bytes" });
        },
      };
    });
    const timer = setInterval(sample, 50);
    const file = await open(out, "w");
    try {
      for await (const part of fixedChunks(zipStream(entries), PART_SIZE)) {
        let written = 0;
        while (written < part.length) written += (await file.write(part, written, part.length - written)).bytesWritten;
        parts++;
        size += part.length;
      }
    } finally {
      await file.close();
      for (const handle of handles) await handle.close();
      clearInterval(timer);
    }
  }
  sample();
  const usage = process.resourceUsage();
  // The main thread's share of the process's CPU ticks (the rest is libuv's
  // thread pool reading and writing files, and V8's GC threads).
  const ticks = (text) => {
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  };
  let mainThreadShare = null;
  try {
    const all = ticks(readFileSync("/proc/self/stat", "utf8"));
    if (all > 0) mainThreadShare = ticks(readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8")) / all;
  } catch {}
  process.stdout.write(
    `${JSON.stringify({
      ms: performance.now() - started,
      parts,
      size,
      maxRssBytes: usage.maxRSS * 1024,
      cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6,
      mainThreadCpuSeconds:
        mainThreadShare === null ? null : (mainThreadShare * (usage.userCPUTime + usage.systemCPUTime)) / 1e6,
      peakArrayBuffers,
      peakHeap,
    })}\n`,
  );
}

// ---------------------------------------------------------------- helpers

const has = (command) => spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;

const mib = (bytes) => bytes / MiB;

// ---------------------------------------------------------------- setup

function makeInput(count, totalMiB) {
  const perFile = Math.floor(totalMiB / count);
  const names = Array.from({ length: count }, (_, i) => `file-${String(i + 1).padStart(2, "0")}.bin`);
  const ok =
    existsSync(INPUT_DIR) &&
    readdirSync(INPUT_DIR).sort().join() === names.join() &&
    names.every((n) => statSync(join(INPUT_DIR, n)).size === perFile * MiB);
  if (ok) return { names, bytes: count * perFile * MiB, made: false };
  rmSync(INPUT_DIR, { recursive: true, force: true });
  mkdirSync(INPUT_DIR, { recursive: true });
  const block = randomBytes(MiB);
  for (const [f, name] of names.entries()) {
    const fd = openSync(join(INPUT_DIR, name), "w");
    for (let m = 0; m < perFile; m++) {
      block.writeUInt32BE(f, 0);
      block.writeUInt32BE(m, 4);
      writeSync(fd, block);
    }
    closeSync(fd);
  }
  return { names, bytes: count * perFile * MiB, made: true };
}

function warmCache(names) {
  const buffer = Buffer.allocUnsafe(4 * MiB);
  for (const name of names) {
    const fd = openSync(join(INPUT_DIR, name), "r");
    while (readSync(fd, buffer, 0, buffer.length, null) > 0);
    closeSync(fd);
  }
}

function bundle() {
  const esbuild = resolve(root, "node_modules/.bin/esbuild");
  const result = spawnSync(
    esbuild,
    [
      SOURCE,
      "--bundle",
      "--format=esm",
      "--platform=neutral",
      "--external:node:*",
      `--outfile=${BUNDLE}`,
      "--log-level=warning",
    ],
    {
      cwd: root,
      encoding: "utf8",
    },
  );
  if (result.status !== 0)
    throw new Error(`esbuild failed (use --strip-types to import the .ts directly):\n${result.stderr}`);
  return BUNDLE;
}

function ensureZip() {
  if (has("zip")) return true;
  if (process.getuid?.() === 0 && has("apt-get")) {
    console.log("bench/zip: `zip` is missing; installing Debian's zip (apt-get install -y zip) ...");
    const install = () =>
      spawnSync("apt-get", ["install", "-y", "-q", "zip"], {
        stdio: "inherit",
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      });
    if (install().status !== 0) {
      spawnSync("apt-get", ["update", "-q"], { stdio: "inherit" });
      install();
    }
    if (has("zip")) return true;
  }
  console.log(
    "bench/zip: `zip` is missing: install it (`sudo apt-get install zip`) for the baseline; measuring ours only.",
  );
  return false;
}

// ---------------------------------------------------------------- archive check

/** Entries from the central directory (no Zip64: fflate writes none). */
function centralDirectory(path) {
  const size = statSync(path).size;
  const fd = openSync(path, "r");
  try {
    const tailLength = Math.min(size, 65_557);
    const tail = Buffer.alloc(tailLength);
    readSync(fd, tail, 0, tailLength, size - tailLength);
    const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (eocd < 0) throw new Error("no end of central directory record");
    const count = tail.readUInt16LE(eocd + 10);
    const cdSize = tail.readUInt32LE(eocd + 12);
    const cdOffset = tail.readUInt32LE(eocd + 16);
    const cd = Buffer.alloc(cdSize);
    readSync(fd, cd, 0, cdSize, cdOffset);
    const entries = [];
    for (let at = 0, i = 0; i < count; i++) {
      if (cd.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central directory record ${i + 1}`);
      const nameLength = cd.readUInt16LE(at + 28);
      const extra = cd.readUInt16LE(at + 30);
      const comment = cd.readUInt16LE(at + 32);
      entries.push({
        name: cd.toString("utf8", at + 46, at + 46 + nameLength),
        method: cd.readUInt16LE(at + 10),
        crc: cd.readUInt32LE(at + 16),
        compressed: cd.readUInt32LE(at + 20),
        size: cd.readUInt32LE(at + 24),
        localOffset: cd.readUInt32LE(at + 42),
      });
      at += 46 + nameLength + extra + comment;
    }
    return { entries, size };
  } finally {
    closeSync(fd);
  }
}

/** CRC-32 of every stored entry's bytes against its central directory record (when unzip is missing). */
function checkCrcs(path, entries) {
  const fd = openSync(path, "r");
  const buffer = Buffer.allocUnsafe(4 * MiB);
  try {
    for (const e of entries) {
      const header = Buffer.alloc(30);
      readSync(fd, header, 0, 30, e.localOffset);
      if (header.readUInt32LE(0) !== 0x04034b50) return `${e.name}: no local header at ${e.localOffset}`;
      let position = e.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
      let left = e.compressed;
      let crc = 0;
      while (left > 0) {
        const n = readSync(fd, buffer, 0, Math.min(buffer.length, left), position);
        if (n <= 0) return `${e.name}: truncated`;
        crc = crc32(buffer.subarray(0, n), crc);
        position += n;
        left -= n;
      }
      if (crc >>> 0 !== e.crc) return `${e.name}: CRC-32 ${crc >>> 0} ≠ ${e.crc}`;
    }
    return null;
  } finally {
    closeSync(fd);
  }
}

function checkArchive(path, names) {
  const problems = [];
  const { entries, size } = centralDirectory(path);
  const got = entries.map((e) => e.name).join();
  if (got !== names.join()) problems.push(`entries ${got} ≠ ${names.join()}`);
  for (const e of entries) {
    const expected = statSync(join(INPUT_DIR, e.name)).size;
    if (e.method !== 0) problems.push(`${e.name}: method ${e.method}, not stored`);
    if (e.size !== expected || e.compressed !== expected)
      problems.push(`${e.name}: ${e.size} bytes in the directory, ${expected} on disk`);
  }
  let how;
  if (has("unzip")) {
    how = "unzip -tq";
    const test = spawnSync("unzip", ["-tq", path], { encoding: "utf8" });
    if (test.status !== 0) problems.push(`unzip -tq: ${(test.stdout + test.stderr).trim().slice(-500)}`);
  } else {
    how = "CRC-32 of every entry (no unzip)";
    const problem = checkCrcs(path, entries);
    if (problem) problems.push(problem);
  }
  return { ok: problems.length === 0, how, problems, entries: entries.length, size };
}

// ---------------------------------------------------------------- runs

async function runOurs(modulePath, out) {
  rmSync(out, { force: true });
  const { seconds, stdout } = await run(
    process.execPath,
    [...nodeFlags, import.meta.filename, "--child", modulePath, INPUT_DIR, out],
    { cwd: root },
  );
  return { seconds, ...JSON.parse(stdout) };
}

async function nodeBaseline(modulePath) {
  const { stdout } = await run(
    process.execPath,
    [...nodeFlags, import.meta.filename, "--child", modulePath, "-", "-"],
    { cwd: root },
  );
  return JSON.parse(stdout);
}

const TIME = "/usr/bin/time";

async function runZip(names, out) {
  rmSync(out, { force: true });
  if (existsSync(TIME)) {
    const { seconds, stderr } = await run(TIME, ["-v", "zip", "-0", "-q", out, ...names], { cwd: INPUT_DIR });
    const field = (label) => Number(stderr.match(new RegExp(`${label}[^:]*:\\s*([\\d.]+)`))?.[1] ?? NaN);
    return {
      seconds,
      maxRssBytes: field("Maximum resident set size") * 1024,
      cpuSeconds: field("User time") + field("System time"),
      size: statSync(out).size,
      memoryFrom: "/usr/bin/time -v",
    };
  }
  const { seconds, hwm } = await run("zip", ["-0", "-q", out, ...names], { cwd: INPUT_DIR, sampleHwm: true });
  return {
    seconds,
    maxRssBytes: hwm,
    cpuSeconds: NaN,
    size: statSync(out).size,
    memoryFrom: "VmHWM sampled every 10 ms",
  };
}

// ---------------------------------------------------------------- main

let outDir = null; // the archives' folder, once main has made it

async function main() {
  // Two archives with room to spare.
  const OUT_DIR = outputFolder("zip-out", 2 * TOTAL_MIB * MiB, { disk: DISK });
  outDir = OUT_DIR;
  mkdirSync(OUT_DIR, { recursive: true });
  const ours = join(OUT_DIR, "ours.zip");
  const theirs = join(OUT_DIR, "zip.zip");
  const setupStart = performance.now();
  const input = makeInput(FILES, TOTAL_MIB);
  console.log(
    `bench/zip: ${input.made ? "made" : "reusing"} ${input.names.length} files, ${fmt(mib(input.bytes), 0)} MiB in ${INPUT_DIR.slice(root.length + 1)}` +
      (input.made ? ` (${fmt((performance.now() - setupStart) / 1000, 1)} s)` : ""),
  );
  warmCache(input.names);
  const modulePath = STRIP_TYPES ? SOURCE : bundle();
  console.log(`bench/zip: archives go to ${OUT_DIR}${OUT_DIR.startsWith("/dev/shm") ? " (tmpfs)" : " (disk)"}`);
  console.log(
    `bench/zip: our path imports ${modulePath.slice(root.length + 1)}${STRIP_TYPES ? " (Node type stripping)" : " (esbuild bundle of worker/domain/packages/zip.ts + fflate)"}`,
  );
  const withZip = ensureZip();

  const idle = [await nodeBaseline(modulePath), await nodeBaseline(modulePath)];
  const idleRss = Math.min(...idle.map((r) => r.maxRssBytes));

  const loadBefore = loadAverageBefore(TAG);
  const oursRuns = [];
  const zipRuns = [];
  for (let round = 1; round <= ROUNDS; round++) {
    if (withZip) {
      const z = await runZip(input.names, theirs);
      zipRuns.push(z);
      console.log(
        `  round ${round}  zip -0  ${fmt(z.seconds)} s  ${fmt(mib(input.bytes) / z.seconds, 0)} MiB/s  peak RSS ${fmt(mib(z.maxRssBytes), 1)} MiB`,
      );
      // Only our archive is checked: zip's goes at once, so tmpfs holds one at a time.
      rmSync(theirs, { force: true });
    }
    const o = await runOurs(modulePath, ours);
    oursRuns.push(o);
    console.log(
      `  round ${round}  ours    ${fmt(o.seconds)} s  ${fmt(mib(input.bytes) / o.seconds, 0)} MiB/s  peak RSS ${fmt(mib(o.maxRssBytes), 1)} MiB  (${o.parts} parts)`,
    );
    if (round < ROUNDS) rmSync(ours, { force: true });
  }
  const loadAfter = loadAverage();

  console.log("bench/zip: checking our archive ...");
  const check = checkArchive(ours, input.names);
  const zipSize = withZip ? zipRuns.at(-1).size : null;

  const summary = (runs) => {
    const seconds = median(runs.map((r) => r.seconds));
    return {
      medianSeconds: seconds,
      bestSeconds: Math.min(...runs.map((r) => r.seconds)),
      medianMiBs: mib(input.bytes) / seconds,
      bestMiBs: mib(input.bytes) / Math.min(...runs.map((r) => r.seconds)),
      medianCpuSeconds: median(runs.map((r) => r.cpuSeconds)),
      peakRssBytes: Math.max(...runs.map((r) => r.maxRssBytes)),
    };
  };
  const o = summary(oursRuns);
  const z = withZip ? summary(zipRuns) : null;
  const ratio = z ? z.medianSeconds / o.medianSeconds : null;
  const ratioBest = z ? z.bestSeconds / o.bestSeconds : null;

  // ------------------------------------------------------------ report
  console.log("");
  console.log(
    `Packaging ${input.names.length} files, ${fmt(mib(input.bytes), 0)} MiB, stored (page cache warm), ${ROUNDS} rounds each, alternating`,
  );
  console.log(loadAverageLine(loadBefore, loadAfter));
  const rows = [["path", "median s", "best s", "median MiB/s", "best MiB/s", "CPU s", "peak RSS MiB", "archive bytes"]];
  const row = (label, r, bytes) => [
    label,
    fmt(r.medianSeconds),
    fmt(r.bestSeconds),
    fmt(r.medianMiBs, 0),
    fmt(r.bestMiBs, 0),
    fmt(r.medianCpuSeconds),
    fmt(mib(r.peakRssBytes), 1),
    String(bytes),
  ];
  if (z) rows.push(row("zip -0 -q", z, zipSize));
  rows.push(row("ours (zipStream → fixedChunks 8 MiB)", o, check.size));
  rows.push(["same child, import only (Node itself)", "", "", "", "", "", fmt(mib(idleRss), 1), ""]);
  console.log(table(rows));
  const peakArrayBuffers = Math.max(...oursRuns.map((r) => r.peakArrayBuffers));
  console.log(
    `Ours above the idle child: ${fmt(mib(o.peakRssBytes - idleRss), 1)} MiB (peak ArrayBuffers sampled every 50 ms: ${fmt(mib(peakArrayBuffers), 1)} MiB; ${oursRuns[0].parts} parts of 8 MiB)`,
  );
  const mainCpu = oursRuns.every((r) => r.mainThreadCpuSeconds !== null)
    ? median(oursRuns.map((r) => r.mainThreadCpuSeconds))
    : null;
  if (z) {
    console.log(
      `CPU time (user + sys, median): zip ${fmt(z.medianCpuSeconds)} s (one thread); ours ${fmt(o.medianCpuSeconds)} s` +
        (mainCpu === null
          ? ""
          : `, of it ${fmt(mainCpu)} s on the main thread (the rest: libuv file I/O and GC threads)`),
    );
    console.log(
      `  by CPU time ours/zip = ${fmt(z.medianCpuSeconds / o.medianCpuSeconds)} (steadier than wall time when other work shares the CPUs: ` +
        "then single-threaded zip's wall time swings most, as its one thread waits for a CPU)",
    );
  }
  console.log(
    `Archive check (${check.how}, central directory names/sizes/method): ${check.ok ? "ok" : check.problems.join("; ")} — ${check.entries} entries`,
  );

  const sizeLabel =
    input.bytes >= 1024 * MiB ? `${fmt(mib(input.bytes) / 1024, 2)} GiB` : `${fmt(mib(input.bytes), 0)} MiB`;
  const aboveIdle = mib(o.peakRssBytes - idleRss);
  const cpuRatio = z ? z.medianCpuSeconds / o.medianCpuSeconds : null;
  const checks = [
    {
      target: `throughput ours / zip -0 >= ${TARGET_RATIO} (median wall time)`,
      value: z ? `${fmt(ratio)} (best rounds ${fmt(ratioBest)})` : "not measured (no zip)",
      pass: z ? ratio >= TARGET_RATIO : false,
    },
    {
      target: `throughput ours / zip -0 >= ${TARGET_RATIO} (median CPU time)`,
      value: z ? fmt(cpuRatio) : "not measured (no zip)",
      pass: z ? cpuRatio >= TARGET_RATIO : false,
    },
    {
      target: `memory above the idle process for ${sizeLabel} <= ${TARGET_ABOVE_IDLE_MIB} MiB`,
      value: `${fmt(aboveIdle, 1)} MiB (peak RSS ${fmt(mib(o.peakRssBytes), 1)} MiB, Node itself ${fmt(mib(idleRss), 1)})`,
      pass: aboveIdle <= TARGET_ABOVE_IDLE_MIB,
    },
    { target: "our archive is valid", value: check.ok ? check.how : check.problems.join("; "), pass: check.ok },
  ];
  printTargets(checks);

  if (JSON_OUT) {
    writeResults(
      TAG,
      "zip.json",
      {
        input: { files: input.names.length, bytes: input.bytes },
        module: modulePath.slice(root.length + 1),
        outputFolder: OUT_DIR,
        partSize: PART_SIZE,
        rounds: ROUNDS,
        loadAverage: { before: loadBefore, after: loadAfter },
        nodeIdleMaxRssBytes: idleRss,
        ours: { ...o, runs: oursRuns },
        zip: z ? { ...z, runs: zipRuns, archiveBytes: zipSize } : null,
        ratio,
        ratioBest,
        cpuRatio,
        aboveIdleBytes: o.peakRssBytes - idleRss,
        oursMainThreadCpuSeconds: mainCpu,
        archiveCheck: check,
        targets: checks,
      },
      { machine: { memBytes: totalmem() } },
    );
  }
  return withZip; // false: the baseline could not run
}

if (process.argv[2] === "--child") {
  await child(process.argv.slice(3));
} else {
  await runBench(TAG, main, {
    cleanup() {
      if (outDir) rmSync(outDir, { recursive: true, force: true });
      if (CLEAN) rmSync(INPUT_DIR, { recursive: true, force: true });
    },
  });
}
