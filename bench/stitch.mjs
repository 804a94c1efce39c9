// `npm run bench:stitch`: episodes stitched at the edge (issue 30, ADR 039), against the built app
// with the real renderer.
//
//  1. Starts the production build (`node scripts/start.mjs --preview --reuse-build`) on --port
//     (5179) with its own state in .wrangler/bench-stitch, signs in as the demo member, uploads
//     --segments (12) tones of --minutes (60) / segments each into one project, publishes its
//     playlist as an episode of a new show and waits until the renderer has encoded every
//     segment (the episode answers 200 instead of 503).
//  2. Reads the 12 encoded segments from the local R2 store (`wrangler r2 object get`, their keys
//     from D1) and joins them on disk; the stitched download after its ID3 tag must equal them.
//  3. The same bytes as one R2 object: the whole stitched file uploaded as a project file and
//     fetched through the Worker's storage route (a signed download link). Alternating, --rounds
//     (3) full GETs of each: throughput (MB/s) and the app's CPU (workerd + vite preview) per MB;
//     then --ttfb-sets (5) sets of 20 time-to-first-byte samples of each (the median of the sets'
//     ratios is the figure). Targets: throughput and CPU per MB ≥ 0.9× (the stitched file's MB/s
//     over the single object's; the single object's CPU per MB over the stitched file's), TTFB ≤ 1.1×.
//  4. --ranges (1000) random byte ranges of the stitched file (4 at a time, 1 byte to 2 MiB,
//     anywhere after the tag, many across a join) must be byte-identical to the same bytes of
//     the segments joined on disk.
//  5. Applying a program: for 10, 100 and --episodes (1000) published episodes (their projects,
//     playlists and items written straight into D1 as copies of the first episode's, sharing its
//     segments), a program with a 5 s spot in slot b is uploaded (its segment is encoded at the
//     upload, ADR 053: the bench waits for it and prints how long) and applied to all of them in
//     one POST. The development counter's `x-d1-statements` / `x-d1-round-trips` of that answer,
//     the jobs enqueued by it (count of the jobs table before and after: none), and how long an
//     episode could still answer its old ETag: the later of the apply's answer and the end of the
//     last HEAD (8 at a time, repeated until every episode is new) that got the old one.
//     Targets: round trips grow by batches (far fewer than episodes), at most one job, every
//     episode new within 60 s.
//
// Flags: --port 5179, --renderer-port 8795, --minutes 60, --segments 12, --rounds 3,
// --ranges 1000, --episodes 1000, --ttfb-sets 5, --json (bench/results/stitch.json).
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import {
  appPlace,
  firstByte,
  fmt,
  freshPreview,
  fullGet,
  loadAverage,
  loadAverageLine,
  localD1,
  median,
  outputFolder,
  pool,
  printTargets,
  readFlags,
  root,
  runBench,
  sleep,
  table,
  toneEpisode,
  toneMp3,
  uploadFile,
  writeResults,
} from "./lib.mjs";

const TAG = "bench/stitch";
const flags = readFlags();
const place = appPlace({ port: 5179, rendererPort: 8795, persistTo: ".wrangler/bench-stitch" });
const MINUTES = flags.int("minutes", 60);
const SEGMENTS = flags.int("segments", 12);
const ROUNDS = flags.int("rounds", 3);
const RANGES = flags.int("ranges", 1000);
const EPISODES = flags.int("episodes", 1000);
const TTFB_SETS = flags.int("ttfb-sets", 5);
const BUCKET = "creator-platform-files";
const run = promisify(execFile);
const wrangler = resolve(root, "node_modules/.bin/wrangler");
const work = outputFolder("stitch", MINUTES * 60 * 16_000 * 3);

const d1 = localD1(place.persistTo);

async function r2Get(key, file) {
  await run(
    wrangler,
    ["r2", "object", "get", `${BUCKET}/${key}`, "--local", "--persist-to", place.persistTo, "--file", file],
    { cwd: root },
  );
  return readFileSync(file);
}

const tone = (name, seconds, frequency) => toneMp3(work, name, seconds, frequency);

function id3Length(bytes) {
  if (String.fromCharCode(bytes[0], bytes[1], bytes[2]) !== "ID3") throw new Error("the file does not start with ID3");
  return 10 + ((bytes[6] << 21) | (bytes[7] << 14) | (bytes[8] << 7) | bytes[9]);
}

async function main() {
  const loadBefore = loadAverage();
  mkdirSync(work, { recursive: true });
  const { server, api, cookie } = await freshPreview(TAG, place);
  const [me] = await d1("SELECT id FROM users WHERE email = 'demo@creatorplatform.app'");

  // ── 1. the episode: SEGMENTS tones of MINUTES / SEGMENTS each, encoded by the renderer ──
  const segmentSeconds = (MINUTES * 60) / SEGMENTS;
  const { playlist, show, slug, episode } = await toneEpisode(api, cookie, {
    folder: work,
    segments: SEGMENTS,
    segmentSeconds,
    title: "Bench stitch",
    episodeTitle: "Sixty minutes",
  });
  const audio = (id) => `${place.base}/api/shows/${slug}/episodes/${id}/audio.mp3`;
  const encodingStart = performance.now();
  while ((await fetch(audio(episode.id), { method: "HEAD" })).status !== 200) {
    if (performance.now() - encodingStart > 1_200_000)
      throw new Error("the segments were not encoded within 20 minutes");
    await sleep(2_000);
  }
  const encodeSeconds = (performance.now() - encodingStart) / 1000;
  console.log(
    `${TAG}: ${SEGMENTS} segments of ${fmt(segmentSeconds / 60, 1)} min encoded in ${fmt(encodeSeconds, 0)} s`,
  );

  // ── 2. the segments on disk, joined ──
  const rows = await d1(
    `SELECT source_key AS sourceKey, key, bytes FROM delivery_segments WHERE status = 'ready' AND source_key IN (${playlist.items
      .map((item) => `'${item.key.replaceAll("'", "''")}'`)
      .join(",")})`,
  );
  const byKey = new Map(rows.map((row) => [row.sourceKey, row]));
  const parts = [];
  for (const [i, item] of playlist.items.entries()) {
    const row = byKey.get(item.key);
    const bytes = await r2Get(row.key, join(work, `segment-${i}.mp3`));
    if (bytes.length !== row.bytes) throw new Error(`segment ${i}: ${bytes.length} bytes on disk, ${row.bytes} in D1`);
    parts.push(bytes);
  }
  const joined = Buffer.concat(parts);
  writeFileSync(join(work, "joined.mp3"), joined);
  const stitched = Buffer.from(await (await fetch(audio(episode.id))).arrayBuffer());
  const tagLength = id3Length(stitched);
  const sameWhole = stitched.subarray(tagLength).equals(joined);
  console.log(
    `${TAG}: the stitched file is ${fmt(stitched.length / 1e6, 1)} MB (tag ${tagLength} B); after its tag it ${sameWhole ? "equals" : "DIFFERS from"} the joined segments`,
  );

  // ── 3. the same bytes as one R2 object, through the Worker's storage route ──
  const single = await uploadFile(
    api,
    cookie,
    { purpose: "project-file", fileName: "whole.mp3", contentType: "audio/mpeg", projectTitle: "Bench single" },
    stitched,
  );
  const link = (await api.must(200, `/api/files/${single.fileId}/download`, { cookie, method: "POST" })).data;
  const singleUrl = new URL(link.url, place.base).href;
  const stitchedUrl = audio(episode.id);
  await fullGet(stitchedUrl, server);
  await fullGet(singleUrl, server);
  const runs = { stitched: [], single: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, url] of round % 2
      ? [
          ["single", singleUrl],
          ["stitched", stitchedUrl],
        ]
      : [
          ["stitched", stitchedUrl],
          ["single", singleUrl],
        ]) {
      const result = await fullGet(url, server);
      if (result.bytes !== stitched.length) throw new Error(`${name}: ${result.bytes} bytes, not ${stitched.length}`);
      runs[name].push(result);
    }
  }
  const mbps = (list) => median(list.map((r) => r.bytes / 1e6 / r.seconds));
  const cpuPerMb = (list) => median(list.map((r) => r.cpu / (r.bytes / 1e6)));
  // TTFB_SETS sets of 20 samples each, the pair's order alternating; the ratio is the median of the
  // sets' ratios, so one burst of load on the shared machine moves one set, not the figure.
  const ttfb = { stitched: [], single: [] };
  const ttfbRatios = [];
  for (let set = 0; set < TTFB_SETS; set++) {
    const sample = { stitched: [], single: [] };
    for (let i = 0; i < 20; i++) {
      const pair = i % 2 ? ["single", "stitched"] : ["stitched", "single"];
      for (const name of pair) sample[name].push(await firstByte(name === "stitched" ? stitchedUrl : singleUrl));
    }
    ttfbRatios.push(median(sample.stitched) / median(sample.single));
    ttfb.stitched.push(...sample.stitched);
    ttfb.single.push(...sample.single);
  }
  const serving = {
    stitched: { mbps: mbps(runs.stitched), cpuMsPerMb: cpuPerMb(runs.stitched), ttfbMs: median(ttfb.stitched) },
    single: { mbps: mbps(runs.single), cpuMsPerMb: cpuPerMb(runs.single), ttfbMs: median(ttfb.single) },
  };
  const ratios = {
    throughput: serving.stitched.mbps / serving.single.mbps,
    cpu: serving.single.cpuMsPerMb / serving.stitched.cpuMsPerMb,
    ttfb: median(ttfbRatios),
  };

  // ── 4. random ranges against the segments on disk ──
  let mismatches = 0;
  let acrossJoins = 0;
  const joins = [];
  let joinAt = tagLength;
  for (const part of parts.slice(0, -1)) {
    joinAt += part.length;
    joins.push(joinAt);
  }
  const ranges = Array.from({ length: RANGES }, () => {
    const length = Math.max(1, Math.floor(Math.exp(Math.random() * Math.log(2 * 1024 * 1024))));
    const first = tagLength + Math.floor(Math.random() * (joined.length - 1));
    return { first, last: Math.min(stitched.length - 1, first + length - 1) };
  });
  const rangeStart = performance.now();
  await pool(ranges, 4, async ({ first, last }) => {
    const response = await fetch(stitchedUrl, { headers: { range: `bytes=${first}-${last}` } });
    const body = Buffer.from(await response.arrayBuffer());
    const expected = joined.subarray(first - tagLength, last - tagLength + 1);
    if (response.status !== 206 || !body.equals(expected)) mismatches++;
    if (joins.some((j) => j > first && j <= last)) acrossJoins++;
  });
  const rangeSeconds = (performance.now() - rangeStart) / 1000;

  // ── 5. a program applied to 10, 100 and EPISODES episodes ──
  const spot = await tone("spot.mp3", 5, 1500);
  const sizes = [...new Set([10, 100, EPISODES])].filter((n) => n <= EPISODES);
  const applies = [];
  for (const size of sizes) {
    const tag = `b${size}x${Date.now().toString(36)}`;
    const uid = me.id;
    const items = playlist.items;
    await d1(`
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${size})
      INSERT INTO projects (id, user_id, title) SELECT '${tag}-p' || i, '${uid}', 'Bench copy ' || i FROM n;
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${size})
      INSERT INTO playlists (id, user_id, project_id, media_type) SELECT '${tag}-l' || i, '${uid}', '${tag}-p' || i, 'audio' FROM n;
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${size})
      INSERT INTO playlist_items (id, playlist_id, user_id, key, file_name, content_type, size, duration_seconds, probe_status, slot_position, seq_pos)
        SELECT '${tag}-i' || n.i || '-' || it.seq_pos, '${tag}-l' || n.i, it.user_id, it.key, it.file_name, it.content_type, it.size,
               it.duration_seconds, it.probe_status, it.slot_position, it.seq_pos
        FROM n, playlist_items it WHERE it.playlist_id = '${playlist.id}';
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${size})
      INSERT INTO show_episodes (id, show_id, playlist_id, user_id, title, description, publish_at, guid)
        SELECT '${tag}-e' || i, '${show.id}', '${tag}-l' || i, '${uid}', 'Copy ' || i, 'Bench', ${Date.now() - 60_000}, '${tag}-g' || i FROM n;
    `);
    const episodeIds = Array.from({ length: size }, (_, i) => `${tag}-e${i + 1}`);
    const playlistIds = Array.from({ length: size }, (_, i) => `${tag}-l${i + 1}`);
    if (items.length === 0) throw new Error("no items");
    const before = new Map();
    await pool(episodeIds, 8, async (id) => {
      const head = await fetch(audio(id), { method: "HEAD" });
      if (head.status !== 200) throw new Error(`episode ${id} answered ${head.status} before the apply`);
      before.set(id, head.headers.get("etag"));
    });
    const { program } = (await api.must(201, "/api/programs", { cookie, json: { title: `Spots ${tag}` } })).data;
    await uploadFile(
      api,
      cookie,
      {
        purpose: "program-file",
        fileName: `spot-${tag}.mp3`,
        contentType: "audio/mpeg",
        programId: program.id,
        slotPosition: "b",
      },
      spot,
    );
    // The spot is encoded when uploaded (ADR 053), as a creator uploads a spot before applying it:
    // wait for its segment, so "within 60 s" times the apply, not the encoder.
    const uploaded = performance.now();
    let spotStatus = "";
    while (spotStatus !== "ready" && performance.now() - uploaded < 600_000) {
      const [row] = await d1(
        `SELECT status FROM delivery_segments WHERE source_key IN (SELECT key FROM program_files WHERE program_id = '${program.id}')`,
      );
      spotStatus = row?.status ?? "";
      if (spotStatus === "failed") throw new Error("the spot's segment failed");
      if (spotStatus !== "ready") await sleep(500);
    }
    if (spotStatus !== "ready") throw new Error(`the spot was not encoded ahead (${spotStatus || "not queued"})`);
    const spotEncodedSeconds = (performance.now() - uploaded) / 1000;
    const [jobsBefore] = await d1("SELECT count(*) AS n FROM jobs");
    const t0 = performance.now();
    const answer = await fetch(`${place.base}/api/program-applications`, {
      method: "POST",
      headers: { cookie, origin: place.base, "content-type": "application/json" },
      body: JSON.stringify({ programId: program.id, playlistIds }),
    });
    const applyMs = performance.now() - t0;
    if (answer.status !== 200) throw new Error(`apply to ${size}: ${answer.status} ${await answer.text()}`);
    await answer.arrayBuffer();
    const statements = Number(answer.headers.get("x-d1-statements"));
    const roundTrips = Number(answer.headers.get("x-d1-round-trips"));
    // When was the last old answer? Every HEAD after the apply is timed; an episode that answers
    // the old ETag at time t was not new yet at t. The figure is the later of the apply's answer
    // and the end of the last old answer: how long listeners could still get the old spot (the
    // time to sweep 1,000 episodes from one client is printed beside it, it is not propagation).
    // The jobs table is read after the sweep: a wrangler call takes seconds on a loaded machine.
    const pending = new Set(episodeIds);
    let lastOldMs = 0;
    let oldAnswers = 0;
    while (pending.size > 0 && performance.now() - t0 < 180_000) {
      await pool([...pending], 8, async (id) => {
        const head = await fetch(audio(id), { method: "HEAD" });
        if (head.status === 200 && head.headers.get("etag") !== before.get(id)) pending.delete(id);
        else {
          oldAnswers++;
          lastOldMs = Math.max(lastOldMs, performance.now() - t0);
        }
      });
      if (pending.size > 0) await sleep(500);
    }
    const sweepSeconds = (performance.now() - t0 - applyMs) / 1000;
    const allNewSeconds = Math.max(applyMs, lastOldMs) / 1000;
    const [jobsAfter] = await d1("SELECT count(*) AS n FROM jobs");
    applies.push({
      episodes: size,
      statements,
      roundTrips,
      applyMs,
      jobs: jobsAfter.n - jobsBefore.n,
      spotEncodedSeconds,
      oldAnswers,
      sweepSeconds,
      notNew: pending.size,
      allNewSeconds,
    });
  }
  const loadAfter = loadAverage();

  console.log(`\n${TAG}: a ${MINUTES}-minute episode of ${SEGMENTS} segments (${fmt(stitched.length / 1e6, 1)} MB)`);
  console.log(
    table([
      ["served as", "MB/s (median)", "CPU ms / MB", `TTFB ms (median of ${TTFB_SETS * 20})`],
      ...["stitched", "single"].map((name) => [
        name === "stitched" ? "stitched from 12 segments" : "one R2 object",
        fmt(serving[name].mbps, 1),
        fmt(serving[name].cpuMsPerMb, 2),
        fmt(serving[name].ttfbMs, 1),
      ]),
    ]),
  );
  console.log(
    `\n${RANGES} random ranges (${acrossJoins} across a join) in ${fmt(rangeSeconds, 1)} s: ${mismatches} differ from the segments on disk`,
  );
  console.log(`\nApplying a program with a 5 s spot in slot b:`);
  console.log(
    table([
      [
        "episodes",
        "spot encoded ahead in",
        "D1 statements",
        "D1 round trips",
        "apply ms",
        "jobs enqueued",
        "old answers after the apply",
        "last old answer / apply done",
        "sweep of all",
      ],
      ...applies.map((a) => [
        String(a.episodes),
        `${fmt(a.spotEncodedSeconds, 1)} s`,
        String(a.statements),
        String(a.roundTrips),
        fmt(a.applyMs, 0),
        String(a.jobs),
        String(a.oldAnswers),
        a.notNew ? `${a.notNew} still old after ${fmt(a.allNewSeconds, 0)} s` : `${fmt(a.allNewSeconds, 1)} s`,
        `${fmt(a.sweepSeconds, 1)} s`,
      ]),
    ]),
  );
  printTargets([
    {
      target: "stitched throughput ≥ 0.9× one object's",
      value: `${fmt(ratios.throughput)}×`,
      pass: ratios.throughput >= 0.9,
    },
    { target: "CPU per MB: one object's ≥ 0.9× stitched", value: `${fmt(ratios.cpu)}×`, pass: ratios.cpu >= 0.9 },
    {
      target: "stitched TTFB ≤ 1.1× one object's",
      value: `${fmt(ratios.ttfb)}× (median of ${TTFB_SETS} sets: ${ttfbRatios.map((r) => fmt(r)).join(", ")})`,
      pass: ratios.ttfb <= 1.1,
    },
    {
      target: `${RANGES} random ranges and the whole file byte-identical to the segments`,
      value: `${mismatches} differ, whole ${sameWhole ? "equal" : "differs"}`,
      pass: mismatches === 0 && sameWhole,
    },
    {
      // A fixed part (the program, the plan, the jobs) plus one round trip per batch of rows.
      target: "apply: D1 round trips grow by batches (≤ 1 more per 10 more episodes), at most one job",
      value: applies.map((a) => `${a.episodes} → ${a.roundTrips} round trips, ${a.jobs} job(s)`).join("; "),
      pass:
        applies.every((a) => a.jobs <= 1) &&
        applies.every(
          (a, i) => i === 0 || a.roundTrips - applies[0].roundTrips <= (a.episodes - applies[0].episodes) / 10,
        ),
    },
    {
      target: "every episode serves the new spot within 60 s",
      value: applies
        .map((a) => `${a.episodes}: ${a.notNew ? `${a.notNew} old` : `${fmt(a.allNewSeconds, 1)} s`}`)
        .join("; "),
      pass: applies.every((a) => !a.notNew && a.allNewSeconds <= 60),
    },
  ]);
  console.log(loadAverageLine(loadBefore, loadAfter));
  if (flags.has("json"))
    writeResults(TAG, "stitch.json", {
      minutes: MINUTES,
      segments: SEGMENTS,
      bytes: stitched.length,
      encodeSeconds,
      serving,
      ratios,
      ttfbRatios,
      ranges: { count: RANGES, acrossJoins, mismatches, sameWhole },
      applies,
      loadAverage: { before: loadBefore, after: loadAfter },
    });
}

await runBench(TAG, main, { cleanup: () => rmSync(work, { recursive: true, force: true }) });
