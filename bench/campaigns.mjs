// `npm run bench:campaigns`: what campaign impressions cost (issue 47, ADR 132).
//
//  1. Serving (the production build with the real renderer, as bench:stitch): starts
//     `scripts/start.mjs --preview --reuse-build` on --port (5251) with its own state in
//     .wrangler/bench-campaigns, signs in as the demo member, uploads --segments (4) tones of
//     --minutes (8) / segments each, slot b on the second, publishes the playlist as an episode and
//     a copy of it (written into D1, sharing its segments) as a second, waits for the encoding,
//     then makes a program whose spot is a tone as long as slot b's a campaign on the first
//     episode only. Alternating, --rounds (20) full GETs of each episode, every one from a new
//     listener (a new address: each is a counted download, the campaign's one also an
//     impression), each followed by 150 ms in which the download is counted (`waitUntil`): the
//     app's CPU (workerd + vite preview) per MB over the GET and that pause; then --ttfb-sets (5)
//     sets of 20 time-to-first-byte samples of each, new listeners too (the median of the sets'
//     ratios is the figure). Targets: with / without ≤ 1.05 for TTFB and for CPU per MB.
//  2. Counting and the report: the app's own code (bench/campaigns-counting.worker.ts, run by
//     `wrangler dev` on --counting-port (5252) with a local D1 the migrations were applied to in
//     .wrangler/bench-campaigns-counting), counted by the
//     development D1 counter (worker/db/request-d1.ts): one counted download of an episode whose
//     version holds 0, 1 and 10 campaigns' spots (statements and round trips of its batch); then
//     --downloads (1,000,000) counted downloads generated into episode_downloads (3 episodes,
//     61 days, 10 apps, 40 countries) and rolled up into campaign_daily as the counting batch
//     would have, and the campaign's report read through the app's code --reports (5) times.
//     Targets: statements with 10 campaigns = with 1; report ≤ 2 round trips and = the downloads.
//
// Flags: --port 5251, --renderer-port 8851, --counting-port 5252, --minutes 8, --segments 4, --rounds 20, --ttfb-sets 5,
// --downloads 1000000, --reports 5, --counting-only (skip 1), --json (bench/results/campaigns.json).
import { execFile } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";
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
  printTargets,
  readFlags,
  root,
  runBench,
  sleep,
  startGroup,
  table,
  toneEpisode,
  toneMp3,
  uploadFile,
  waitForUrl,
  writeResults,
} from "./lib.mjs";

const TAG = "bench/campaigns";
const flags = readFlags();
const place = appPlace({ port: 5251, rendererPort: 8851, persistTo: ".wrangler/bench-campaigns" });
const MINUTES = flags.int("minutes", 8);
const SEGMENTS = flags.int("segments", 4, { min: 3 });
const ROUNDS = flags.int("rounds", 20);
const TTFB_SETS = flags.int("ttfb-sets", 5);
const DOWNLOADS = flags.int("downloads", 1_000_000);
const REPORTS = flags.int("reports", 5);
const run = promisify(execFile);
const wrangler = resolve(root, "node_modules/.bin/wrangler");
const COUNTING_PORT = flags.int("counting-port", 5252);
const COUNTING_STATE = ".wrangler/bench-campaigns-counting";
const work = outputFolder("campaigns", MINUTES * 60 * 16_000 * 2);
let listener = 0;
/** A new listener's address for every request: each is a download of its own. */
const nextListener = () => {
  listener++;
  return `10.${(listener >> 16) & 255}.${(listener >> 8) & 255}.${listener & 255}`;
};

const d1 = localD1(place.persistTo);

const listenerHeaders = () => ({
  "cf-connecting-ip": nextListener(),
  "user-agent": "Overcast/3.0 (+http://overcast.fm/)",
});

/** A full GET by a new listener, then the pause in which it is counted (`waitUntil`). */
const listenedGet = (url, server) => fullGet(url, server, { headers: listenerHeaders(), settleMs: 150 });

async function serving() {
  mkdirSync(work, { recursive: true });
  const { server, api, cookie } = await freshPreview(TAG, place, { timeoutMs: 900_000 });
  const [me] = await d1("SELECT id FROM users WHERE email = 'demo@creatorplatform.app'");

  // The episode: SEGMENTS tones, slot b on the second.
  const segmentSeconds = (MINUTES * 60) / SEGMENTS;
  const { playlist, show, slug, episode } = await toneEpisode(api, cookie, {
    folder: work,
    segments: SEGMENTS,
    segmentSeconds,
    title: "Bench campaigns",
    episodeTitle: "With a campaign",
  });
  // The same episode again, written into D1 as bench:stitch copies one: it shares the segments.
  const tag = `c${Date.now().toString(36)}`;
  await d1(`
    INSERT INTO projects (id, user_id, title) VALUES ('${tag}-p', '${me.id}', 'Bench copy');
    INSERT INTO playlists (id, user_id, project_id, media_type) VALUES ('${tag}-l', '${me.id}', '${tag}-p', 'audio');
    INSERT INTO playlist_items (id, playlist_id, user_id, key, file_name, content_type, size, duration_seconds, probe_status, slot_position, seq_pos)
      SELECT '${tag}-i' || seq_pos, '${tag}-l', user_id, key, file_name, content_type, size, duration_seconds, probe_status, slot_position, seq_pos
      FROM playlist_items WHERE playlist_id = '${playlist.id}';
    INSERT INTO show_episodes (id, show_id, playlist_id, user_id, title, description, publish_at, guid)
      VALUES ('${tag}-e', '${show.id}', '${tag}-l', '${me.id}', 'Without', 'Bench', ${Date.now() - 60_000}, '${tag}-g');
  `);
  const audio = (id) => `${place.base}/api/shows/${slug}/episodes/${id}/audio.mp3`;
  const encodingStart = performance.now();
  while ((await fetch(audio(episode.id), { method: "HEAD" })).status !== 200) {
    if (performance.now() - encodingStart > 1_200_000)
      throw new Error("the segments were not encoded within 20 minutes");
    await sleep(2_000);
  }
  console.log(`${TAG}: ${SEGMENTS} segments encoded in ${fmt((performance.now() - encodingStart) / 1000, 0)} s`);

  // The campaign: a spot as long as slot b's item, on the first episode only.
  const { program } = (await api.must(201, "/api/programs", { cookie, json: { title: "Bench spots" } })).data;
  await uploadFile(
    api,
    cookie,
    {
      purpose: "program-file",
      fileName: "spot.mp3",
      contentType: "audio/mpeg",
      programId: program.id,
      slotPosition: "b",
    },
    await toneMp3(work, "spot.mp3", segmentSeconds, 1500),
  );
  const uploaded = performance.now();
  for (let status = ""; status !== "ready"; ) {
    const [row] = await d1(
      `SELECT status FROM delivery_segments WHERE source_key IN (SELECT key FROM program_files WHERE program_id = '${program.id}')`,
    );
    status = row?.status ?? "";
    if (status === "failed") throw new Error("the spot's segment failed");
    if (performance.now() - uploaded > 600_000) throw new Error("the spot was not encoded within 10 minutes");
    if (status !== "ready") await sleep(1_000);
  }
  const sponsor = { sponsorName: "Bench Seeds", sponsorEmail: "sponsor@example.com", cpm: "25" };
  const { campaign } = (
    await api.must(201, "/api/campaigns", {
      cookie,
      json: { programId: program.id, episodeIds: [episode.id], ...sponsor },
    })
  ).data;
  const withUrl = audio(episode.id);
  const withoutUrl = audio(`${tag}-e`);
  await listenedGet(withUrl, server);
  await listenedGet(withoutUrl, server);

  const runs = { with: [], without: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? ["without", "with"] : ["with", "without"];
    for (const name of order) runs[name].push(await listenedGet(name === "with" ? withUrl : withoutUrl, server));
  }
  const cpuPerMb = (list) => median(list.map((r) => r.cpu / (r.bytes / 1e6)));
  const ttfb = { with: [], without: [] };
  const ttfbRatios = [];
  for (let set = 0; set < TTFB_SETS; set++) {
    const sample = { with: [], without: [] };
    for (let i = 0; i < 20; i++) {
      const pair = i % 2 ? ["without", "with"] : ["with", "without"];
      for (const name of pair)
        sample[name].push(await firstByte(name === "with" ? withUrl : withoutUrl, listenerHeaders()));
    }
    ttfbRatios.push(median(sample.with) / median(sample.without));
    ttfb.with.push(...sample.with);
    ttfb.without.push(...sample.without);
  }
  await sleep(1_000);
  const report = (await api.must(200, `/api/campaigns/${campaign.id}/report`, { cookie })).data.report;
  const [downloads] = await d1(
    `SELECT count(*) AS n FROM episode_downloads WHERE counted = 1 AND episode_id = '${episode.id}'`,
  );
  return {
    bytes: runs.with[0].bytes,
    with: { cpuMsPerMb: cpuPerMb(runs.with), ttfbMs: median(ttfb.with) },
    without: { cpuMsPerMb: cpuPerMb(runs.without), ttfbMs: median(ttfb.without) },
    ratios: { ttfb: median(ttfbRatios), cpu: cpuPerMb(runs.with) / cpuPerMb(runs.without) },
    impressions: report.impressions,
    countedDownloads: downloads.n,
  };
}

async function counting() {
  const config = ["--config", "bench/campaigns-counting.wrangler.toml", "--persist-to", COUNTING_STATE];
  rmSync(resolve(root, COUNTING_STATE), { recursive: true, force: true });
  await run(wrangler, ["d1", "migrations", "apply", "DB", "--local", ...config], {
    cwd: root,
    env: { ...process.env, CI: "1" },
    maxBuffer: 64 * 1024 * 1024,
  });
  const worker = startGroup(
    "counting worker",
    wrangler,
    ["dev", ...config, "--port", String(COUNTING_PORT), "--ip", "127.0.0.1"],
    {
      env: { CI: "1" },
    },
  );
  const base = `http://127.0.0.1:${COUNTING_PORT}`;
  await waitForUrl(worker, `${base}/`, { timeoutMs: 300_000, intervalMs: 500 });
  const post = async (path, body = {}) => {
    const response = await fetch(`${base}${path}`, { method: "POST", body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  await post("/setup");
  const perDownload = {};
  for (const [i, campaigns] of [0, 1, 10].entries())
    perDownload[campaigns] = await post("/count", { campaigns, ip: `192.0.2.${i + 1}` });
  console.log(`${TAG}: generating ${DOWNLOADS.toLocaleString("en-US")} counted downloads ...`);
  const t0 = performance.now();
  const generated = await post("/generate", { downloads: DOWNLOADS });
  console.log(`${TAG}: generated in ${fmt((performance.now() - t0) / 1000, 1)} s; ${generated.dailyRows} daily rows`);
  const reports = [];
  for (let i = 0; i < REPORTS; i++) reports.push(await post("/report"));
  await worker.stop();
  return { perDownload, generated, reports };
}

async function main() {
  const loadBefore = loadAverage();
  const serve = flags.has("counting-only") ? null : await serving();
  const count = await counting();
  const loadAfter = loadAverage();
  const lastReport = count.reports.at(-1);
  console.log("");
  if (serve) {
    console.log(`Serving a ${fmt(serve.bytes / 1e6, 1)} MB stitched episode, each GET a new listener`);
    console.log(
      table([
        ["", "TTFB ms (median)", "CPU ms per MB"],
        ["with a campaign", fmt(serve.with.ttfbMs, 1), fmt(serve.with.cpuMsPerMb, 2)],
        ["without", fmt(serve.without.ttfbMs, 1), fmt(serve.without.cpuMsPerMb, 2)],
        ["ratio", fmt(serve.ratios.ttfb, 3), fmt(serve.ratios.cpu, 3)],
      ]),
    );
    console.log(
      `  impressions counted ${serve.impressions} of ${serve.countedDownloads} counted downloads of the campaign's episode`,
    );
  }
  console.log("\nOne counted download (its batch)");
  console.log(
    table([
      ["campaigns on the episode", "statements", "round trips", "impressions credited"],
      ...Object.entries(count.perDownload).map(([n, c]) => [
        n,
        String(c.statements),
        String(c.roundTrips),
        String(c.credited),
      ]),
    ]),
  );
  console.log(
    `\nThe report over ${DOWNLOADS.toLocaleString("en-US")} counted downloads (${count.generated.dailyRows} daily rows)`,
  );
  console.log(
    table([
      ["statements", "round trips", "waits", "ms (median)", "impressions"],
      [
        String(lastReport.statements),
        String(lastReport.roundTrips),
        String(lastReport.waits),
        fmt(median(count.reports.map((r) => r.ms)), 0),
        String(lastReport.impressions),
      ],
    ]),
  );
  console.log(loadAverageLine(loadBefore, loadAfter));
  const checks = [
    ...(serve
      ? [
          {
            target: "TTFB with / without a campaign ≤ 1.05",
            value: fmt(serve.ratios.ttfb, 3),
            pass: serve.ratios.ttfb <= 1.05,
          },
          {
            target: "CPU per MB with / without ≤ 1.05",
            value: fmt(serve.ratios.cpu, 3),
            pass: serve.ratios.cpu <= 1.05,
          },
          {
            target: "every counted download of the campaign's episode an impression",
            value: `${serve.impressions} / ${serve.countedDownloads}`,
            pass: serve.impressions === serve.countedDownloads,
          },
        ]
      : []),
    {
      target: "statements per counted download: 10 campaigns = 1 campaign",
      value: `${count.perDownload[1].statements} / ${count.perDownload[10].statements} (0 campaigns: ${count.perDownload[0].statements}), one round trip`,
      pass:
        count.perDownload[10].statements === count.perDownload[1].statements &&
        count.perDownload[10].roundTrips === 1 &&
        count.perDownload[10].credited === 10,
    },
    {
      target: "report over the generated downloads ≤ 2 round trips, every impression",
      value: `${lastReport.roundTrips} round trip(s), ${lastReport.impressions} impressions`,
      pass: lastReport.roundTrips <= 2 && lastReport.impressions === DOWNLOADS,
    },
  ];
  printTargets(checks);
  if (flags.has("json")) writeResults(TAG, "campaigns.json", { serve, count, checks });
  return checks.every((c) => c.pass);
}

await runBench(TAG, main, { cleanup: () => rmSync(work, { recursive: true, force: true }) });
