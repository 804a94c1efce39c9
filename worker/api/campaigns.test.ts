// Campaigns end to end through the Worker (issue 47): a show with three stitched episodes whose
// slot b a campaign's spot fills; listeners (apps, countries, bots, HEAD probes, zero-byte probes,
// parallel ranges, some stopping before the spot) fetch the enclosure; impressions are read back
// from the report; the goal withdraws the spot from every episode; an end does the same; only the
// creator sees the campaign; the sponsor reads it by a revocable link.
import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call, ORIGIN, signUp } from "../../tests/workers/http";
import { addToPlaylist, playlistOf, programWith, projectWith } from "../../tests/workers/playlists";
import { database } from "../db/client";
import { requestD1 } from "../db/request-d1";
import {
  campaignDaily,
  campaigns,
  deliverySegments,
  episodeDownloads,
  jobs,
  playlistItems,
  programFiles,
  programs,
} from "../db/schema";
import { runCampaignPacing } from "../domain/campaigns/pacing";
import { makeDeps } from "../domain/deps";
import { recordDownload } from "../domain/shows/downloads";
import { runScheduledPrograms } from "../sweeps";

const db = database(env.DB);
const FRAME = 417;
/** A minute and a bit before the spot: a listener who stops there has a counted download. */
const INTRO_FRAMES = 2400;
const SPOT_FRAMES = 80;
const OUTRO_FRAMES = 40;
const INTRO = INTRO_FRAMES * FRAME;
const SPOT: [number, number] = [INTRO, INTRO + SPOT_FRAMES * FRAME];
const AUDIO = INTRO + (SPOT_FRAMES + OUTRO_FRAMES) * FRAME;

let fill = 1;
function frames(count: number) {
  const bytes = new Uint8Array(count * FRAME).fill(fill++ % 250);
  for (let i = 0; i < count; i++) bytes.set([0xff, 0xfb, 0x90, 0x00], i * FRAME);
  return bytes;
}

/** Every queued delivery segment of the member made ready, as the renderer would: `count` frames by source. */
async function encodeDirect(userId: string, count: (sourceKey: string) => number) {
  const queued = await db
    .select()
    .from(deliverySegments)
    .where(and(eq(deliverySegments.userId, userId), eq(deliverySegments.status, "queued")));
  for (const row of queued) {
    const n = count(row.sourceKey);
    const bytes = frames(n);
    const key = `segments/test/${crypto.randomUUID()}.mp3`;
    await env.FILES.put(key, bytes);
    await db
      .update(deliverySegments)
      .set({ status: "ready", key, bytes: bytes.length, durationSeconds: (n * 1152) / 44100 })
      .where(eq(deliverySegments.sourceKey, row.sourceKey));
  }
  return queued.length;
}

let member: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let show: { id: string; slug: string };
const playlists: { id: string; items: { id: string; key: string }[] }[] = [];
const episodes: { id: string }[] = [];
const introKeys = new Set<string>();
const audioPath = (id: string) => `/api/shows/${show.slug}/episodes/${id}/audio.mp3`;

interface Listener {
  ip: string;
  userAgent?: string;
  country?: string;
  /** Development only: the country a journey names for its listener. */
  devCountry?: string;
  method?: string;
}

/** The ID3 tag's length at the start of the episode's file (a bot's probe: no download). */
async function tagLength(episodeId: string) {
  const response = await call(audioPath(episodeId), {
    headers: { range: "bytes=0-9", "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
  });
  const b = new Uint8Array(await response.arrayBuffer());
  return 10 + ((b[6]! << 21) | (b[7]! << 14) | (b[8]! << 7) | b[9]!);
}

/** The listener fetches these audio ranges ([start, end) from the audio's first byte) all at once. */
async function listen(episodeId: string, who: Listener, ranges: [number, number][], tag: number) {
  await Promise.all(
    ranges.map(async ([start, end]) => {
      const response = await SELF.fetch(`${ORIGIN}${audioPath(episodeId)}`, {
        method: who.method ?? "GET",
        headers: {
          "cf-connecting-ip": who.ip,
          "user-agent": who.userAgent ?? "AntennaPod/3.4.0",
          range: `bytes=${tag + start}-${tag + end - 1}`,
          ...(who.devCountry ? { "x-dev-country": who.devCountry } : {}),
        },
        cf: { country: who.country ?? "NL" },
      } as RequestInit);
      expect([200, 206]).toContain(response.status);
      await response.arrayBuffer();
    }),
  );
}

/** `parts` contiguous ranges covering [0, end). */
const split = (end: number, parts: number): [number, number][] =>
  Array.from({ length: parts }, (_, i) => [Math.floor((end * i) / parts), Math.floor((end * (i + 1)) / parts)]);

/** Counting runs after the answer (waitUntil): waits until the downloads and impressions stop changing. */
async function settled() {
  const read = async () => {
    const [row] = await db
      .select({
        downloads: sql<number>`(select count(*) from ${episodeDownloads} where ${episodeDownloads.counted} = 1)`,
        ranges: sql<number>`(select coalesce(sum(length(${episodeDownloads.ranges})), 0) from ${episodeDownloads})`,
        impressions: sql<number>`(select coalesce(sum(${campaigns.impressions}), 0) from ${campaigns})`,
        states: sql<string>`(select group_concat(${campaigns.state}) from ${campaigns})`,
      })
      .from(sql`(select 1)`);
    return JSON.stringify(row);
  };
  let last = await read();
  for (let stable = 0, i = 0; stable < 3 && i < 200; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = await read();
    stable = now === last ? stable + 1 : 0;
    last = now;
  }
}

async function report(campaignId: string, cookie = member.cookie) {
  const response = await call(`/api/campaigns/${campaignId}/report`, { cookie });
  expect(response.status).toBe(200);
  return (await response.json<any>()).report;
}

async function newCampaign(programId: string, extra: Record<string, unknown> = {}) {
  return call("/api/campaigns", {
    cookie: member.cookie,
    json: {
      programId,
      sponsorName: "Acme Seeds",
      sponsorEmail: "Buyer@Acme.example",
      goalImpressions: 1000,
      cpm: "25",
      episodeIds: episodes.map((e) => e.id),
      ...extra,
    },
  });
}

/** What slot b of each episode's playlist plays now. */
async function slotKeys() {
  const rows = await db
    .select({ key: playlistItems.key, programFileId: playlistItems.programFileId })
    .from(playlistItems)
    .where(
      and(
        inArray(
          playlistItems.playlistId,
          playlists.map((p) => p.id),
        ),
        eq(playlistItems.slotPosition, "b"),
      ),
    );
  return rows;
}

let programId: string;
let campaignId: string;
let tags: number[];

beforeAll(async () => {
  member = await signUp({}, "198.51.100.91");
  other = await signUp({}, "198.51.100.92");
  const created = await call("/api/shows", {
    cookie: member.cookie,
    json: {
      title: "Seed Talk",
      slug: `seed-talk-${Date.now().toString(36)}`,
      description: "Farm talk",
      author: "Ada",
      category: "Leisure",
      language: "en",
    },
  });
  show = (await created.json<any>()).show;
  for (const title of ["One", "Two", "Three"]) {
    const project = await projectWith(member.cookie, ["audio", "audio", "audio"], title);
    await addToPlaylist(member.cookie, project.projectId, project.fileIds);
    const playlist = await playlistOf(member.cookie, project.projectId);
    await db.update(playlistItems).set({ slotPosition: "b" }).where(eq(playlistItems.id, playlist.items[1].id));
    introKeys.add(playlist.items[0].key);
    playlists.push(playlist);
    const published = await call(`/api/shows/${show.id}/episodes`, {
      cookie: member.cookie,
      json: { playlistId: playlist.id, title: `Episode ${title}`, description: "Notes" },
    });
    expect(published.status).toBe(201);
    episodes.push((await published.json<any>()).episode);
  }
  programId = await programWith(member.cookie, ["b"], "audio");
  // The intro is a minute and a bit, the spot 80 frames, the rest 40.
  await encodeDirect(member.user.id, (key) =>
    introKeys.has(key) ? INTRO_FRAMES : key.includes("/programs/") ? SPOT_FRAMES : OUTRO_FRAMES,
  );
});

describe("campaigns", () => {
  it("makes a program a campaign on three episodes: the spot plays at the next request", async () => {
    const before = await Promise.all(episodes.map((e) => call(audioPath(e.id), { method: "HEAD" })));
    const invalid = await call("/api/campaigns", {
      cookie: member.cookie,
      json: { programId, sponsorName: " ", sponsorEmail: "nope", goalImpressions: 0, cpm: "-1" },
    });
    expect(invalid.status).toBe(400);
    const fields = (await invalid.json<any>()).error.fields;
    expect(fields.sponsorName).toEqual(["Sponsor name is required."]);
    expect(fields.sponsorEmail).toEqual(["Invalid email format."]);
    expect(fields.goalImpressions).toBeTruthy();
    expect(fields.cpm).toEqual(["Price cannot be negative."]);

    const created = await newCampaign(programId);
    expect(created.status).toBe(201);
    const { campaign } = await created.json<any>();
    campaignId = campaign.id;
    expect(campaign).toMatchObject({
      sponsorName: "Acme Seeds",
      sponsorEmail: "buyer@acme.example",
      goalImpressions: 1000,
      cpmCents: 2500,
      orderTotalCents: 2500,
      impressions: 0,
      status: "running",
      statusLabel: "Running",
      stoppedAt: null,
      shareLinks: [],
    });
    expect(campaign.spots).toHaveLength(1);
    expect(campaign.spots[0].slotPosition).toBe("b");
    expect(campaign.episodes.map((e: any) => e.episodeId).sort()).toEqual(episodes.map((e) => e.id).sort());
    expect((await newCampaign(programId)).status).toBe(409);

    const after = await Promise.all(episodes.map((e) => call(audioPath(e.id), { method: "HEAD" })));
    for (const [i, response] of after.entries())
      expect(Number(response.headers.get("content-length"))).toBe(
        Number(before[i]!.headers.get("content-length")) + (SPOT_FRAMES - OUTRO_FRAMES) * FRAME,
      );
    tags = await Promise.all(episodes.map((e) => tagLength(e.id)));
  });

  it("only its creator sees or changes it; visitors are asked to sign in", async () => {
    const paths = [
      ["GET", `/api/campaigns/${campaignId}`],
      ["PATCH", `/api/campaigns/${campaignId}`],
      ["DELETE", `/api/campaigns/${campaignId}`],
      ["GET", `/api/campaigns/${campaignId}/report`],
      ["GET", `/api/campaigns/${campaignId}/report.csv`],
      ["POST", `/api/campaigns/${campaignId}/share-links`],
      ["DELETE", `/api/campaigns/${campaignId}/share-links/x`],
    ] as const;
    for (const [method, path] of paths) {
      const init = { method, ...(method === "PATCH" ? { json: { sponsorName: "Mine now" } } : {}) };
      const theirs = await call(path, { ...init, cookie: other.cookie });
      expect(theirs.status, `${method} ${path}`).toBe(404);
      expect((await theirs.json<any>()).error.message).toBe("Campaign not found.");
      expect((await call(path, init)).status, `${method} ${path}`).toBe(401);
    }
    expect((await (await call("/api/campaigns", { cookie: other.cookie })).json<any>()).campaigns).toEqual([]);
    // Another member can make neither someone else's program nor someone else's episodes a campaign.
    const ownProgram = await programWith(other.cookie, ["b"], "audio");
    const theirs = await call("/api/campaigns", {
      cookie: other.cookie,
      json: { programId, sponsorName: "X", sponsorEmail: "x@example.com", episodeIds: [episodes[0]!.id] },
    });
    expect(theirs.status).toBe(404);
    const notTheirEpisode = await call("/api/campaigns", {
      cookie: other.cookie,
      json: { programId: ownProgram, sponsorName: "X", sponsorEmail: "x@example.com", episodeIds: [episodes[0]!.id] },
    });
    expect(notTheirEpisode.status).toBe(404);
    expect((await notTheirEpisode.json<any>()).error.message).toBe("Episode not found.");
    const [mine] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(mine!.sponsorName).toBe("Acme Seeds");
  });

  it("counts an impression only for a counted download that was served every byte of the spot", async () => {
    const [tag] = tags;
    const episode = episodes[0]!.id;
    // A whole listen: one impression; the same listener again the same day: still one.
    await listen(
      episode,
      { ip: "203.0.113.1", userAgent: "Overcast/3.0 (+http://overcast.fm/)", country: "US" },
      [[0, AUDIO]],
      tag!,
    );
    await listen(
      episode,
      { ip: "203.0.113.1", userAgent: "Overcast/3.0 (+http://overcast.fm/)", country: "US" },
      [[0, AUDIO]],
      tag!,
    );
    // Stopped before the spot: a download (more than a minute), no impression.
    await listen(episode, { ip: "203.0.113.2", country: "DE" }, [[0, SPOT[0]]], tag!);
    // Stopped inside the spot: a download, no impression.
    await listen(episode, { ip: "203.0.113.3", country: "DE" }, [[0, SPOT[1] - 1]], tag!);
    // HEAD, a bot, a zero-byte probe (the tag only): nothing.
    await listen(episode, { ip: "203.0.113.4", method: "HEAD" }, [[0, AUDIO]], tag!);
    await listen(
      episode,
      { ip: "203.0.113.5", userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)" },
      [[0, AUDIO]],
      tag!,
    );
    const probe = await call(audioPath(episode), { ip: "203.0.113.6", headers: { range: `bytes=0-${tag! - 1}` } });
    await probe.arrayBuffer();
    // The spot reached over two requests of one listener: one impression.
    await listen(episode, { ip: "203.0.113.7", userAgent: "PocketCasts/7.60" }, [[0, SPOT[0] + 10]], tag!);
    await listen(episode, { ip: "203.0.113.7", userAgent: "PocketCasts/7.60" }, [[SPOT[0] + 10, AUDIO]], tag!);
    // Four parallel ranges: one impression.
    await listen(episode, { ip: "203.0.113.8", userAgent: "AppleCoreMedia/1.0", country: "GB" }, split(AUDIO, 4), tag!);
    // In development a simulated listener names its country.
    await listen(episode, { ip: "203.0.113.9", userAgent: "Spotify/8.9", devCountry: "SE" }, [[0, AUDIO]], tag!);
    await settled();

    const counted = await db
      .select()
      .from(episodeDownloads)
      .where(and(eq(episodeDownloads.episodeId, episode), eq(episodeDownloads.counted, true)));
    expect(counted).toHaveLength(6);
    const result = await report(campaignId);
    expect(result.impressions).toBe(4);
    expect(result.byApp).toEqual([
      { app: "Apple Podcasts", impressions: 1 },
      { app: "Overcast", impressions: 1 },
      { app: "Pocket Casts", impressions: 1 },
      { app: "Spotify", impressions: 1 },
    ]);
    expect(result.byCountry).toEqual([
      { country: "GB", impressions: 1 },
      { country: "NL", impressions: 1 },
      { country: "SE", impressions: 1 },
      { country: "US", impressions: 1 },
    ]);
    expect(result.byEpisode).toEqual([
      { episodeId: episode, title: "Episode One", showTitle: "Seed Talk", impressions: 4 },
    ]);
    expect(result.byDay.at(-1).impressions).toBe(4);
    expect(result.amountDueCents).toBe(10); // 4 × $25 / 1000
    expect(result.goalProgress).toBeCloseTo(0.004);
    // No address is kept anywhere.
    const raw = JSON.stringify(await db.select().from(episodeDownloads));
    expect(raw).not.toContain("203.0.113.");
  });

  it("counts exactly the listeners who received every byte of the spot: 200 in parallel, 1–4 ranges each", async () => {
    const episode = episodes[1]!.id;
    const tag = tags[1]!;
    const before = (await report(campaignId)).impressions;
    let expected = 0;
    const listeners = Array.from({ length: 200 }, (_, i) => {
      const parts = 1 + (i % 4);
      // Every fifth stops before the spot, every seventh inside it; the rest listen through.
      const end = i % 5 === 0 ? SPOT[0] - 1 - i : i % 7 === 0 ? SPOT[1] - 1 - i : AUDIO;
      if (end === AUDIO) expected++;
      const ranges = split(end, parts);
      // Ranges arrive in any order.
      if (i % 2) ranges.reverse();
      return { who: { ip: `198.18.${Math.floor(i / 250)}.${i % 250}`, country: i % 3 ? "NL" : "BE" }, ranges };
    });
    await Promise.all(listeners.map(({ who, ranges }) => listen(episode, who, ranges, tag)));
    await settled();
    const counted = await db
      .select({ n: sql<number>`count(*)` })
      .from(episodeDownloads)
      .where(and(eq(episodeDownloads.episodeId, episode), eq(episodeDownloads.counted, true)));
    expect(counted[0]!.n).toBe(200);
    const result = await report(campaignId);
    expect(result.impressions - before).toBe(expected);
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    // The running total the pacing reads and the daily rows agree.
    expect(row!.impressions).toBe(result.impressions);
    // About 200 MB streamed through workerd: more than the default 30 s on a loaded machine.
  }, 120_000);

  it("credits every campaign on the episode in the same five statements, one round trip", async () => {
    const episode = episodes[2]!.id;
    const fileIds: string[] = [];
    for (let i = 0; i < 10; i++) {
      const id = crypto.randomUUID();
      await db.insert(programs).values({ id, userId: member.user.id, title: `Bench ${i}`, mediaType: "audio" });
      await db.insert(programFiles).values({
        id: `${id}-f`,
        programId: id,
        userId: member.user.id,
        key: `bench/${id}.mp3`,
        fileName: "spot.mp3",
        contentType: "audio/mpeg",
        size: 1,
        slotPosition: "z",
      });
      await db.insert(campaigns).values({
        id: `${id}-c`,
        userId: member.user.id,
        programId: id,
        sponsorName: "Bench",
        sponsorEmail: "b@example.com",
      });
      fileIds.push(`${id}-f`);
    }
    const statementsFor = async (ip: string, spotIds: string[]) => {
      const d1 = requestD1(env, new Request(ORIGIN), { counting: true });
      const deps = { ...makeDeps(env, ORIGIN), db: database(d1.db) };
      // Warm the day's salt so only the counting is measured.
      await recordDownload(
        { ...deps, db: database(env.DB) },
        {
          episodeId: episode,
          showId: show.id,
          address: "192.0.2.250",
          userAgent: "Castro/2024",
          country: "FR",
          served: [0, 0],
          audioBytes: 10,
        },
      );
      await recordDownload(deps, {
        episodeId: episode,
        showId: show.id,
        address: ip,
        userAgent: "Castro/2024",
        country: "FR",
        served: [0, 1000],
        audioBytes: 1000,
        spots: spotIds.map((id, i) => [id, i * 100, i * 100 + 50]),
      });
      return d1.count!;
    };
    const one = await statementsFor("192.0.2.1", fileIds.slice(0, 1));
    const ten = await statementsFor("192.0.2.2", fileIds);
    expect(one).toEqual({ statements: 5, roundTrips: 1, waits: 1 });
    expect(ten).toEqual(one);
    const credited = await db
      .select()
      .from(campaignDaily)
      .where(
        inArray(
          campaignDaily.campaignId,
          fileIds.map((f) => f.replace(/-f$/, "-c")),
        ),
      );
    expect(credited.reduce((t, r) => t + r.impressions, 0)).toBe(11);
    await db.delete(programs).where(
      inArray(
        programs.id,
        fileIds.map((f) => f.replace(/-f$/, "")),
      ),
    );
  });

  it("shares the report read-only with the sponsor: same figures, no account, revocable; CSV for both", async () => {
    const shared = await call(`/api/campaigns/${campaignId}/share-links`, { method: "POST", cookie: member.cookie });
    expect(shared.status).toBe(201);
    const { shareLink } = await shared.json<any>();
    expect(shareLink.url).toBe(`${ORIGIN}/campaign-reports/${shareLink.token}`);
    const detail = (await (await call(`/api/campaigns/${campaignId}`, { cookie: member.cookie })).json<any>()).campaign;
    expect(detail.shareLinks).toEqual([shareLink]);

    const publicRead = await call(`/api/campaign-reports/${shareLink.token}`);
    expect(publicRead.status).toBe(200);
    expect(Number(publicRead.headers.get("x-d1-round-trips"))).toBeLessThanOrEqual(2);
    const sponsorView = (await publicRead.json<any>()).report;
    const owners = await report(campaignId);
    expect({ ...sponsorView, generatedAt: null }).toEqual({ ...owners, generatedAt: null });
    expect(JSON.stringify(sponsorView)).not.toContain("acme.example");

    const csv = await call(`/api/campaigns/${campaignId}/report.csv`, { cookie: member.cookie });
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="acme-seeds-impressions.csv"');
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe("day,show,episode,episode_id,app,country,impressions");
    expect(lines.slice(1).reduce((t, line) => t + Number(line.split(",").at(-1)), 0)).toBe(owners.impressions);
    const sponsorCsv = await call(`/api/campaign-reports/${shareLink.token}/report.csv`);
    expect((await sponsorCsv.text()).trim().split("\r\n")).toEqual(lines);

    const revoked = await call(`/api/campaigns/${campaignId}/share-links/${shareLink.id}`, {
      method: "DELETE",
      cookie: member.cookie,
    });
    expect(revoked.status).toBe(204);
    const gone = await call(`/api/campaign-reports/${shareLink.token}`);
    expect(gone.status).toBe(404);
    expect((await gone.json<any>()).error.message).toBe("This report link is not valid or was revoked.");
    expect((await call(`/api/campaign-reports/${shareLink.token}/report.csv`)).status).toBe(404);
    expect((await call("/api/campaign-reports/not-a-token")).status).toBe(404);
  });

  it("at its goal the spot leaves all three episodes, the slot plays what it held, Delivered with the date", async () => {
    const held = playlists.map((p) => p.items[1]!.key).sort();
    const lengths = await Promise.all(
      episodes.map(async (e) =>
        Number((await call(audioPath(e.id), { method: "HEAD" })).headers.get("content-length")),
      ),
    );
    const rendersBefore = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.userId, member.user.id), eq(jobs.kind, "render")));
    const { impressions } = await report(campaignId);
    const patched = await call(`/api/campaigns/${campaignId}`, {
      method: "PATCH",
      cookie: member.cookie,
      json: { goalImpressions: impressions + 2 },
    });
    expect(patched.status).toBe(200);
    expect((await patched.json<any>()).campaign.status).toBe("running");
    // Two more whole listens, at once, on different episodes: the second reaches the goal.
    await Promise.all([
      listen(episodes[2]!.id, { ip: "203.0.113.201" }, [[0, AUDIO]], tags[2]!),
      listen(episodes[0]!.id, { ip: "203.0.113.202" }, split(AUDIO, 3), tags[0]!),
    ]);
    await settled();
    const campaign = (await (await call(`/api/campaigns/${campaignId}`, { cookie: member.cookie })).json<any>())
      .campaign;
    expect(campaign.status).toBe("delivered");
    expect(campaign.statusLabel).toBe("Delivered");
    expect(Date.now() - Date.parse(campaign.stoppedAt)).toBeLessThan(60_000);
    expect(campaign.impressions).toBe(impressions + 2);
    expect((await slotKeys()).map((s) => s.key).sort()).toEqual(held);
    expect((await slotKeys()).every((s) => s.programFileId === null)).toBe(true);
    for (const [i, e] of episodes.entries()) {
      const head = await call(audioPath(e.id), { method: "HEAD" });
      expect(Number(head.headers.get("content-length"))).toBe(lengths[i]! - (SPOT_FRAMES - OUTRO_FRAMES) * FRAME);
    }
    // Nothing rendered again.
    const rendersAfter = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.userId, member.user.id), eq(jobs.kind, "render")));
    expect(rendersAfter.length).toBe(rendersBefore.length);
    // A later listener hears no spot and gives no impression.
    await listen(
      episodes[1]!.id,
      { ip: "203.0.113.203" },
      [[0, AUDIO - (SPOT_FRAMES - OUTRO_FRAMES) * FRAME]],
      tags[1]!,
    );
    await settled();
    expect((await report(campaignId)).impressions).toBe(impressions + 2);
    const stopped = await call(`/api/campaigns/${campaignId}`, {
      method: "PATCH",
      cookie: member.cookie,
      json: { sponsorName: "Late change" },
    });
    expect(stopped.status).toBe(409);
  });

  it("is Scheduled before its start, placed by the sweep, and past its end Ended the same way", async () => {
    const held = (await slotKeys()).map((s) => s.key).sort();
    const second = await programWith(member.cookie, ["b"], "audio");
    await encodeDirect(member.user.id, () => SPOT_FRAMES);
    const start = Date.now() + 60 * 60_000;
    const created = await newCampaign(second, {
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 60 * 60_000).toISOString(),
      episodeIds: [],
      showIds: [show.id],
    });
    expect(created.status).toBe(201);
    const { campaign } = await created.json<any>();
    expect(campaign.status).toBe("scheduled");
    expect(campaign.episodes).toHaveLength(3);
    const at = (now: number) => ({ ...makeDeps(env, ORIGIN), now: () => now });

    await runCampaignPacing(at(start + 60_000));
    await runScheduledPrograms(at(start + 60_000));
    expect((await slotKeys()).every((s) => s.key.includes("/programs/"))).toBe(true);

    await runCampaignPacing(at(start + 61 * 60_000));
    await runScheduledPrograms(at(start + 61 * 60_000));
    expect((await slotKeys()).map((s) => s.key).sort()).toEqual(held);
    const [ended] = await db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(ended!.state).toBe("ended");
    expect(ended!.stoppedAt!.getTime()).toBe(start + 61 * 60_000);
    const [program] = await db.select().from(programs).where(eq(programs.id, second));
    expect(program!.scheduleState).toBe("ended");

    // The program keeps the sponsor's report: it goes only with the campaign.
    const programGone = await call(`/api/programs/${second}`, { method: "DELETE", cookie: member.cookie });
    expect(programGone.status).toBe(409);
    expect((await programGone.json<any>()).error.message).toBe(
      "This program is a campaign. Delete the campaign first.",
    );
    const deleted = await call(`/api/campaigns/${campaign.id}`, { method: "DELETE", cookie: member.cookie });
    expect(deleted.status).toBe(204);
    expect((await call(`/api/campaigns/${campaign.id}`, { cookie: member.cookie })).status).toBe(404);
    expect((await call(`/api/programs/${second}`, { method: "DELETE", cookie: member.cookie })).status).toBe(204);
  });
});
