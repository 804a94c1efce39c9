// The Worker `bench/campaigns.mjs` bundles and runs in Miniflare (workerd, local D1 with the
// migrations applied): the app's own counting and report code, measured with the development D1
// counter (worker/db/request-d1.ts). Not part of the app.
//   POST /setup     a member, a show, three episodes, eleven audio programs each with a spot and a campaign
//   POST /count     {campaigns: n, ip}: one counted download whose served version holds n campaigns'
//                   spots → {statements, roundTrips, waits, credited}
//   POST /generate  {downloads}: that many counted downloads that heard campaign 1's spot, written
//                   straight into episode_downloads, then rolled up into campaign_daily as the
//                   counting batch would have
//   POST /report    campaign 1's report through the app's code → {statements, roundTrips, waits, ms, impressions}
import { database } from "../worker/db/client";
import { requestD1 } from "../worker/db/request-d1";
import { campaignReport } from "../worker/domain/campaigns/report";
import type { Deps } from "../worker/domain/deps";
import { recordDownload } from "../worker/domain/shows/downloads";

interface BenchEnv {
  DB: D1Database;
}

const AUDIO = 2_000_000;
const depsOf = (db: D1Database) =>
  ({ db: database(db), now: () => Date.now(), origin: "http://bench", secret: "bench" }) as unknown as Deps;

const APPS = [
  "Apple Podcasts",
  "Spotify",
  "Overcast",
  "Pocket Casts",
  "Castro",
  "Podcast Addict",
  "Castbox",
  "AntennaPod",
  "Chrome",
  "Other",
];
const COUNTRIES =
  "US GB DE FR NL BE ES IT SE NO DK FI PL PT IE AT CH CA AU NZ JP KR IN BR MX AR CL ZA NG KE EG TR GR CZ HU RO UA IL AE SG".split(
    " ",
  );

async function setup(db: D1Database) {
  const now = Date.now();
  const statements = [
    db.prepare(
      "INSERT INTO users (id, name, username, email, password_hash) VALUES ('u1', 'Bench', 'bench', 'bench@example.com', 'x')",
    ),
    db.prepare(
      `INSERT INTO shows (id, user_id, slug, title, description, author, category, language, podcast_guid)
       VALUES ('s1', 'u1', 'bench', 'Bench', 'Bench', 'Bench', 'Technology', 'en', 'g')`,
    ),
  ];
  for (const e of [1, 2, 3])
    statements.push(
      db.prepare(`INSERT INTO projects (id, user_id, title) VALUES ('p${e}', 'u1', 'Episode ${e}')`),
      db.prepare(
        `INSERT INTO playlists (id, user_id, project_id, media_type) VALUES ('l${e}', 'u1', 'p${e}', 'audio')`,
      ),
      db.prepare(
        `INSERT INTO show_episodes (id, show_id, playlist_id, user_id, title, description, publish_at, guid)
         VALUES ('e${e}', 's1', 'l${e}', 'u1', 'Episode ${e}', 'Bench', ${now - 86_400_000}, 'g${e}')`,
      ),
    );
  // Campaign 1 is the report's (generated downloads only); 2–11 are counted one download at a time.
  for (let c = 1; c <= 11; c++)
    statements.push(
      db.prepare(
        `INSERT INTO programs (id, user_id, title, media_type) VALUES ('pr${c}', 'u1', 'Spots ${c}', 'audio')`,
      ),
      db.prepare(
        `INSERT INTO program_files (id, program_id, user_id, key, file_name, content_type, size, slot_position)
         VALUES ('f${c}', 'pr${c}', 'u1', 'bench/f${c}.mp3', 'spot.mp3', 'audio/mpeg', 1, 'b')`,
      ),
      db.prepare(
        `INSERT INTO campaigns (id, user_id, program_id, sponsor_name, sponsor_email)
         VALUES ('c${c}', 'u1', 'pr${c}', 'Sponsor ${c}', 's${c}@example.com')`,
      ),
    );
  await db.batch(statements);
  return { ok: true };
}

/** One counted download whose version holds `campaigns` campaign spots, counted by the development counter. */
async function count(env: BenchEnv, request: Request, campaigns: number, ip: string) {
  const spots = Array.from({ length: campaigns }, (_, i): [string, number, number] => [
    `f${i + 2}`,
    100_000 * (i + 1),
    100_000 * (i + 1) + 80_000,
  ]);
  const download = (deps: Deps, address: string, served: [number, number]) =>
    recordDownload(deps, {
      episodeId: "e1",
      showId: "s1",
      address,
      userAgent: "Overcast/3.0 (+http://overcast.fm/)",
      country: "US",
      served,
      audioBytes: AUDIO,
      spots,
    });
  // The day's salt is made by the first request of the day: made here, outside the measurement.
  await download(depsOf(env.DB), "192.0.2.255", [0, 0]);
  const d1 = requestD1(env as unknown as Env, request, { counting: true });
  const totals = await download(depsOf(d1.db), ip, [0, AUDIO]);
  return { ...d1.count!, credited: totals.length };
}

async function generate(db: D1Database, downloads: number) {
  const chunk = 100_000;
  const apps = APPS.map((a) => `'${a}'`).join(",");
  const countries = COUNTRIES.map((c) => `'${c}'`).join(",");
  for (let from = 0; from < downloads; from += chunk) {
    const to = Math.min(downloads, from + chunk);
    await db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ${to}),
           apps(k, v) AS (SELECT key, value FROM json_each(json_array(${apps}))),
           countries(k, v) AS (SELECT key, value FROM json_each(json_array(${countries})))
         INSERT INTO episode_downloads (episode_id, show_id, day, listener, app, country, ranges, counted, impressed)
         SELECT 'e' || (1 + i % 3), 's1', date('2026-10-01', '+' || (i % 61) || ' days'), printf('%032x', i),
                (SELECT v FROM apps WHERE k = i % ${APPS.length}), (SELECT v FROM countries WHERE k = (i / 7) % ${COUNTRIES.length}),
                '[[0,${AUDIO}]]', 1, '["f1"]'
           FROM n`,
      )
      .run();
  }
  // What the counting batch would have added, one download at a time: the daily rows and the total.
  await db.batch([
    db.prepare(
      `INSERT INTO campaign_daily (campaign_id, day, episode_id, app, country, impressions)
       SELECT 'c1', day, episode_id, app, country, count(*) FROM episode_downloads
        WHERE show_id = 's1' AND counted = 1 AND impressed LIKE '%"f1"%'
        GROUP BY day, episode_id, app, country
       ON CONFLICT (campaign_id, day, episode_id, app, country) DO UPDATE SET impressions = excluded.impressions`,
    ),
    db.prepare(
      `UPDATE campaigns SET impressions = (SELECT sum(impressions) FROM campaign_daily WHERE campaign_id = 'c1') WHERE id = 'c1'`,
    ),
  ]);
  const rows = await db
    .prepare("SELECT count(*) AS n FROM campaign_daily WHERE campaign_id = 'c1'")
    .first<{ n: number }>();
  return { dailyRows: rows?.n ?? 0 };
}

async function report(env: BenchEnv, request: Request) {
  const d1 = requestD1(env as unknown as Env, request, { counting: true });
  const t0 = performance.now();
  const result = await campaignReport(depsOf(d1.db), { userId: "u1", campaignId: "c1" });
  const ms = performance.now() - t0;
  return { ...d1.count!, ms, impressions: result.impressions, days: result.byDay.length };
}

export default {
  async fetch(request: Request, env: BenchEnv) {
    const path = new URL(request.url).pathname;
    const body = request.method === "POST" ? await request.json<Record<string, unknown>>().catch(() => ({})) : {};
    if (path === "/setup") return Response.json(await setup(env.DB));
    if (path === "/count") return Response.json(await count(env, request, Number(body.campaigns), String(body.ip)));
    if (path === "/generate") return Response.json(await generate(env.DB, Number(body.downloads)));
    if (path === "/report") return Response.json(await report(env, request));
    return new Response("not found", { status: 404 });
  },
};
