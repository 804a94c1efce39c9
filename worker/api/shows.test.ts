// Shows end to end through the Worker (issue 30): a show with three episodes
// sharing slot b; the renderer's segment jobs stood in by frames of a real
// MP3 stream shape; the feed parsed; the stitched enclosure fetched whole and
// by ranges; a program applied to the slot changing all three at the next
// request, with chapters moved; downloads counted once per listener per day.
import { env } from "cloudflare:workers";
import { and, eq, inArray } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { call, ORIGIN, signUp } from "../../tests/workers/http";
import {
  addToPlaylist,
  applyProgram,
  playlistOf,
  playlistWith,
  programWith,
  projectWith,
} from "../../tests/workers/playlists";
import { stubRenderer } from "../../tests/workers/renderer";
import { FRAME, segmentEncoder } from "../../tests/workers/segments";
import { joinAs } from "../../tests/workers/teams";
import { PNG, uploadAs } from "../../tests/workers/uploads";
import { database } from "../db/client";
import { requestD1 } from "../db/request-d1";
import { deliverySegments, episodeDownloads, jobs, playlistItems } from "../db/schema";
import { makeDeps } from "../domain/deps";
import { chooseVersion, listenedEpisode, stitch, stitchedBody } from "../domain/shows/delivery";
import { recordDownload } from "../domain/shows/downloads";

const db = database(env.DB);
const stub = stubRenderer();

/** The ID3 tag at the start of the stitched file at `path`. */
async function id3Of(path: string) {
  const bytes = new Uint8Array(await (await call(path)).arrayBuffer());
  const tagLength = 10 + ((bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!);
  return bytes.slice(0, tagLength);
}

/** The titles (TIT2) inside the tag's CHAP frames, in order: UTF-16 with a byte-order mark. */
function utf16Titles(tag: Uint8Array) {
  const text = new TextDecoder("latin1").decode(tag);
  const titles: string[] = [];
  for (let at = text.indexOf("CHAP"); at >= 0; at = text.indexOf("CHAP", at + 4)) {
    const frame = text.indexOf("TIT2", at);
    const size = (tag[frame + 4]! << 24) | (tag[frame + 5]! << 16) | (tag[frame + 6]! << 8) | tag[frame + 7]!;
    // Frame header (10), the encoding byte, the BOM, then the text (no terminator in a TIT2).
    const body = tag.slice(frame + 10 + 1, frame + 10 + size);
    titles.push(new TextDecoder("utf-16").decode(body));
  }
  return titles;
}

let member: Awaited<ReturnType<typeof signUp>>;
const { encoded, queued: queuedSegmentJobs, encodeAll: encode } = segmentEncoder(stub, () => member.user.id);
const encodeAll = (framesOf?: (key: string) => number) => encode({ framesOf });

async function newShow(slug: string, extra: Record<string, unknown> = {}) {
  const response = await call("/api/shows", {
    cookie: member.cookie,
    json: {
      title: "Field\u0001 Notes & <Co>",
      slug,
      description: "Farm talk",
      author: "Ada",
      category: "Leisure",
      language: "en",
      explicit: false,
      ...extra,
    },
  });
  return response;
}

let show: { id: string; slug: string };
let playlists: { id: string; items: { id: string; key: string }[] }[];
let episodes: { id: string }[];
/** Every episode's first item, "sunrise_over_the_barley_fields_ep12_intro.mp3" and the like, to listeners. */
const INTRO = "Sunrise over the barley fields — intro";
const audioPath = (id: string) => `/api/shows/${show.slug}/episodes/${id}/audio.mp3`;

/** Publishes the playlist as an episode of the member's show; answers the episode and its audio's path. */
async function publish(playlistId: string, title: string, description: string) {
  const published = await call(`/api/shows/${show.id}/episodes`, {
    cookie: member.cookie,
    json: { playlistId, title, description },
  });
  expect(published.status).toBe(201);
  const episode = (await published.json<any>()).episode;
  return { episode, path: audioPath(episode.id) };
}

beforeAll(async () => {
  member = await signUp({}, "198.51.100.90");
  const created = await newShow(`field-notes-${Date.now().toString(36)}`);
  expect(created.status).toBe(201);
  show = (await created.json<any>()).show;
  playlists = [];
  for (const title of ["One", "Two", "Three"]) {
    const project = await projectWith(member.cookie, ["audio", "audio", "audio"], title);
    await addToPlaylist(member.cookie, project.projectId, project.fileIds);
    const playlist = await playlistOf(member.cookie, project.projectId);
    await db.update(playlistItems).set({ slotPosition: "b" }).where(eq(playlistItems.id, playlist.items[1].id));
    // The names a producer gives files: listeners read them cleaned (episode codes, takes and versions gone).
    await db
      .update(playlistItems)
      .set({ fileName: `sunrise_over_the_barley_fields_ep${12 + playlists.length}_intro.mp3` })
      .where(eq(playlistItems.id, playlist.items[0].id));
    await db
      .update(playlistItems)
      .set({ fileName: "outro_take_3_final_v2.mp3" })
      .where(eq(playlistItems.id, playlist.items[2].id));
    playlists.push(playlist);
  }
});

describe("shows", () => {
  it("tells a member with no playlist of the show's media where to make one", async () => {
    const newcomer = await signUp({}, "198.51.100.91");
    const slug = `first-show-${Date.now().toString(36)}`;
    const created = await call("/api/shows", {
      cookie: newcomer.cookie,
      json: {
        title: "First",
        slug,
        description: "d",
        author: "Bo",
        category: "Music",
        language: "en",
        explicit: false,
      },
    });
    expect(created.status).toBe(201);
    const manage = await (await call(`/shows/${slug}/manage`, { cookie: newcomer.cookie })).text();
    expect(manage).toContain("None of your playlists has audio yet");
    expect(manage).not.toContain("All your playlists are already episodes.");
  });

  it("strips characters XML forbids, refuses a taken address and an unknown category", async () => {
    expect((await call(`/api/shows`, { cookie: member.cookie })).status).toBe(200);
    const mine = (await (await call(`/api/shows`, { cookie: member.cookie })).json<any>()).shows;
    expect(mine[0].title).toBe("Field Notes & <Co>");
    const taken = await newShow(show.slug);
    expect(taken.status).toBe(409);
    expect((await taken.json<any>()).error.fields.slug).toEqual(["This address is already taken."]);
    const bad = await newShow("another-show", { category: "Farming" });
    expect(bad.status).toBe(400);
    expect((await call("/api/shows", { json: {} })).status).toBe(401);
  });

  it("serves 503 with Retry-After until the episode's segments are encoded, then the stitched file", async () => {
    episodes = [];
    for (const [i, playlist] of playlists.entries()) {
      const published = await call(`/api/shows/${show.id}/episodes`, {
        cookie: member.cookie,
        json: { playlistId: playlist.id, title: `Episode ${i + 1}`, description: "Notes", episodeNumber: i + 1 },
      });
      expect(published.status).toBe(201);
      episodes.push((await published.json<any>()).episode);
    }
    const again = await call(`/api/shows/${show.id}/episodes`, {
      cookie: member.cookie,
      json: { playlistId: playlists[0]!.id, title: "Twice", description: "Notes" },
    });
    expect(again.status).toBe(409);
    // Every playlist is an episode now: the publish form says so instead of offering none.
    const manage = await (await call(`/shows/${show.slug}/manage`, { cookie: member.cookie })).text();
    expect(manage).toContain("All your playlists are already episodes.");

    const waiting = await call(audioPath(episodes[0]!.id));
    expect(waiting.status).toBe(503);
    expect(waiting.headers.get("retry-after")).toBe("30");
    expect(await encodeAll()).toBe(9);
  });

  it("the stitched file is one ID3 tag and the segments in order; ranges are exact", async () => {
    const head = await call(audioPath(episodes[0]!.id), { method: "HEAD" });
    expect(head.status).toBe(200);
    const full = await call(audioPath(episodes[0]!.id));
    expect(full.status).toBe(200);
    const bytes = new Uint8Array(await full.arrayBuffer());
    expect(String(bytes.length)).toBe(head.headers.get("content-length"));
    expect(full.headers.get("etag")).toBe(head.headers.get("etag"));
    expect(new TextDecoder().decode(bytes.slice(0, 3))).toBe("ID3");
    const tagLength = 10 + ((bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!);
    const tag = new TextDecoder("latin1").decode(bytes.slice(0, tagLength));
    expect(tag).toContain("CTOC");
    expect(tag.split("CHAP").length - 1).toBe(3);
    const audio = playlists[0]!.items.map((item) => encoded.get(item.key)!);
    const joined = new Uint8Array(audio.reduce((n, a) => n + a.length, 0));
    let at = 0;
    for (const a of audio) {
      joined.set(a, at);
      at += a.length;
    }
    expect(bytes.slice(tagLength)).toEqual(joined);

    const etag = full.headers.get("etag")!;
    const ranges: [string, number, number][] = [
      ["bytes=0-9", 0, 9],
      [
        `bytes=${tagLength + FRAME * 40 - 5}-${tagLength + FRAME * 40 + 5}`,
        tagLength + FRAME * 40 - 5,
        tagLength + FRAME * 40 + 5,
      ],
      [`bytes=${tagLength - 3}-`, tagLength - 3, bytes.length - 1],
      ["bytes=-100", bytes.length - 100, bytes.length - 1],
      [`bytes=5-${bytes.length + 50}`, 5, bytes.length - 1],
    ];
    for (const [header, first, last] of ranges) {
      const part = await call(audioPath(episodes[0]!.id), { headers: { range: header } });
      expect(part.status, header).toBe(206);
      expect(part.headers.get("content-range")).toBe(`bytes ${first}-${last}/${bytes.length}`);
      expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(first, last + 1));
    }
    // Random ranges, anywhere and of any length, are byte-identical to the same bytes of the whole file.
    for (let i = 0; i < 100; i++) {
      const first = Math.floor(Math.random() * bytes.length);
      const last = Math.min(bytes.length - 1, first + Math.floor(Math.random() * 3 * FRAME * 40));
      const part = await call(audioPath(episodes[0]!.id), { headers: { range: `bytes=${first}-${last}` } });
      expect(part.status).toBe(206);
      expect(Number(part.headers.get("content-length"))).toBe(last - first + 1);
      expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(first, last + 1));
    }
    const outside = await call(audioPath(episodes[0]!.id), { headers: { range: `bytes=${bytes.length}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get("content-range")).toBe(`bytes */${bytes.length}`);
    const stale = await call(audioPath(episodes[0]!.id), { headers: { range: "bytes=0-9", "if-range": '"old"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
    const fresh = await call(audioPath(episodes[0]!.id), { headers: { range: "bytes=0-9", "if-range": etag } });
    expect(fresh.status).toBe(206);
    await fresh.arrayBuffer();
  });

  it("answers a multi-range request with the whole file, as RFC 9110 allows, and HEAD with no body", async () => {
    const whole = new Uint8Array(await (await call(audioPath(episodes[0]!.id))).arrayBuffer());
    for (const range of ["bytes=0-9,100-109", "bytes=0-9, -5", "bytes=-5,0-1"]) {
      const response = await call(audioPath(episodes[0]!.id), { headers: { range } });
      expect(response.status, range).toBe(200);
      expect(response.headers.get("content-range"), range).toBeNull();
      expect(response.headers.get("content-length"), range).toBe(String(whole.length));
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(whole);
    }
    const head = await call(audioPath(episodes[0]!.id), { method: "HEAD", headers: { range: "bytes=0-9" } });
    expect(head.status).toBe(206);
    expect(head.headers.get("content-length")).toBe("10");
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it("waits for D1 once before the first byte: show, episode, items, segments and marks in one batch", async () => {
    const count = (response: Response) =>
      ["statements", "round-trips", "waits"].map((name) => Number(response.headers.get(`x-d1-${name}`)));
    // Through the Worker, counted by the request's own D1 (development): HEAD, and a ranged GET
    // by a bot (a listener's GET also records the download after answering).
    const bot = { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" };
    for (const init of [{ method: "HEAD" }, { headers: { ...bot, range: `bytes=0-${FRAME * 50}` } }]) {
      const response = await call(audioPath(episodes[0]!.id), init);
      expect([200, 206]).toContain(response.status);
      await response.arrayBuffer();
      expect(count(response)).toEqual([5, 1, 1]);
    }
    const chapters = await call(`/api/shows/${show.slug}/episodes/${episodes[0]!.id}/chapters.json`);
    expect(count(chapters)).toEqual([5, 1, 1]);

    // In the domain: how many D1 waits the request had made when each R2 read started.
    const d1 = requestD1(env, new Request(ORIGIN), { counting: true });
    const deps = { ...makeDeps(env, ORIGIN), db: database(d1.db) };
    const waitsAtRead: number[] = [];
    const bucket = new Proxy(env.FILES, {
      get(target, name) {
        if (name === "get")
          return (...args: Parameters<R2Bucket["get"]>) => {
            waitsAtRead.push(d1.count!.waits);
            return target.get(...args);
          };
        const value = Reflect.get(target, name, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const found = await listenedEpisode(deps, show.slug, episodes[0]!.id);
    const { version } = chooseVersion(deps, found.episode, found.current);
    const file = await stitch(deps, found.show, found.episode, version!);
    const { body, done } = stitchedBody(bucket, file, 0, file.size);
    expect((await new Response(body).arrayBuffer()).byteLength).toBe(file.size);
    await done;
    expect(waitsAtRead).toEqual([1, 1, 1]);
    expect(d1.count).toEqual({ statements: 5, roundTrips: 1, waits: 1 });

    // The one batch still refuses what the separate reads refused.
    const otherShow = await newShow(`other-${Date.now().toString(36)}`);
    const other = (await otherShow.json<any>()).show;
    const notHers = await call(`/api/shows/${other.slug}/episodes/${episodes[0]!.id}/audio.mp3`);
    expect(notHers.status).toBe(404);
    expect((await notHers.json<any>()).error.message).toBe("Episode not found.");
    const noShow = await call(`/api/shows/no-such-show/episodes/${episodes[0]!.id}/audio.mp3`);
    expect((await noShow.json<any>()).error.message).toBe("Show not found.");
  });

  it("the feed has the tags Apple and Spotify require and Podcasting 2.0's, with exact lengths", async () => {
    // Square PNG artwork of 1400 px a side (the IHDR is all the upload's check reads).
    const art = PNG.slice();
    new DataView(art.buffer).setUint32(16, 1400);
    new DataView(art.buffer).setUint32(20, 1400);
    const artwork = await uploadAs(member.cookie, "show-artwork", {
      fileName: "cover art.png",
      contentType: "image/png",
      bytes: art,
    });
    const shown = (await (await call(`/api/shows`, { cookie: member.cookie })).json<any>()).shows.find(
      (s: { id: string }) => s.id === show.id,
    );
    const withArt = await call(`/api/shows/${show.id}`, {
      method: "PUT",
      cookie: member.cookie,
      json: {
        title: shown.title,
        slug: shown.slug,
        description: shown.description,
        author: shown.author,
        category: shown.category,
        language: shown.language,
        explicit: shown.explicit,
        mediaType: shown.mediaType,
        artworkUploadId: artwork.uploadId,
      },
    });
    expect(withArt.status).toBe(200);

    const response = await call(`/api/shows/${show.slug}/feed.xml`);
    expect(response.headers.get("content-type")).toContain("application/rss+xml");
    const text = await response.text();
    expect(text).not.toContain("\u0001");
    const feed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", parseTagValue: false }).parse(text);
    const channel = feed.rss.channel;
    expect(text).toContain("<title>Field Notes &amp; &lt;Co&gt;</title>");
    expect(channel["itunes:author"]).toBe("Ada");
    expect(channel["itunes:category"]["@text"]).toBe("Leisure");
    expect(channel["itunes:explicit"]).toBe("false");
    expect(channel["podcast:guid"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(channel["podcast:locked"]).toBe("yes");
    expect(channel["podcast:funding"]["@url"]).toMatch(/\/fundraiser$/);
    expect(channel.language).toBe("en");
    // Apple's checks (a feed validator's artwork rules): an owner with an e-mail, and artwork at a
    // stable address ending in its extension that answers the image itself, typed and cacheable.
    expect(channel["itunes:owner"]["itunes:email"]).toMatch(/^[^@\s]+@[^@\s]+$/);
    expect(channel["itunes:owner"]["itunes:name"]).toBe("Ada");
    const artUrl = new URL(channel["itunes:image"]["@href"]);
    expect(artUrl.pathname).toBe(`/api/shows/${show.slug}/artwork.png`);
    expect(artUrl.search).toBe("");
    expect(channel.image.url).toBe(artUrl.href);
    const again = await (await call(`/api/shows/${show.slug}/feed.xml`)).text();
    expect(again).toContain(`<itunes:image href="${artUrl.href}"/>`);
    const image = await call(artUrl.pathname);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
    const etag = image.headers.get("etag");
    expect(etag).toBeTruthy();
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(art);
    const head = await call(artUrl.pathname, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/png");
    expect(head.headers.get("content-length")).toBe(String(art.byteLength));
    const unchanged = await call(artUrl.pathname, { headers: { "if-none-match": etag! } });
    expect(unchanged.status).toBe(304);
    // The first address, and one naming another extension, lead to this one.
    for (const old of ["artwork", "artwork.jpg"]) {
      const moved = await call(`/api/shows/${show.slug}/${old}`);
      expect(moved.status).toBe(301);
      expect(moved.headers.get("location")).toBe(artUrl.pathname);
    }
    const items = channel.item as any[];
    expect(items).toHaveLength(3);
    for (const item of items) {
      expect(item.guid["#text"]).toBeTruthy();
      expect(item.enclosure["@type"]).toBe("audio/mpeg");
      expect(item["podcast:chapters"]["@type"]).toBe("application/json+chapters");
      const url = new URL(item.enclosure["@url"]);
      const head = await call(url.pathname, { method: "HEAD" });
      expect(head.headers.get("content-length")).toBe(String(item.enclosure["@length"]));
    }
  });

  it("a program applied to slot b changes what all three serve at the next request, with chapters moved", async () => {
    const before = await Promise.all(episodes.map((e) => call(audioPath(e.id), { method: "HEAD" })));
    const chaptersBefore = await (
      await call(`/api/shows/${show.slug}/episodes/${episodes[0]!.id}/chapters.json`)
    ).json<any>();
    expect(chaptersBefore.chapters.map((c: any) => c.startTime)).toEqual([0, 1.045, 2.09]);
    // Titles are the files' names made editorial: no extension, episode codes, takes or versions.
    expect(chaptersBefore.chapters.map((c: any) => c.title)).toEqual([INTRO, "Audio 1", "Outro"]);

    const programId = await programWith(member.cookie, ["b"], "audio");
    // Encoded ahead (ADR 053): an audio episode could take the spot, so its upload queued it.
    expect((await queuedSegmentJobs()).length).toBe(1);
    await encodeAll(() => 80);
    const ready = await call(audioPath(episodes[1]!.id), { method: "HEAD" });
    expect(ready.headers.get("etag")).toBe(before[1]!.headers.get("etag"));

    const segmentJobs = async () =>
      (
        await db
          .select()
          .from(jobs)
          .where(and(eq(jobs.userId, member.user.id), eq(jobs.kind, "segment")))
      ).length;
    const jobsBefore = await segmentJobs();
    const applied = await applyProgram(
      member.cookie,
      programId,
      playlists.map((p) => p.id),
    );
    expect(applied.status).toBe(200);
    // The apply only swaps rows: no job (none per episode, none for the spot), the next request has it.
    expect(await segmentJobs()).toBe(jobsBefore);
    const spotFill = () => [...encoded.entries()].find(([key]) => key.includes("/programs/"))![1][4];
    const after = await Promise.all(episodes.map((e) => call(audioPath(e.id))));
    for (const [i, response] of after.entries()) {
      expect(response.headers.get("etag")).not.toBe(before[i]!.headers.get("etag"));
      const bytes = new Uint8Array(await response.arrayBuffer());
      const tagLength = 10 + ((bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!);
      // The spot is 80 frames where the item was 40, and it is the program file's audio.
      const items = playlists[i]!.items;
      expect(bytes.length - tagLength).toBe(
        encoded.get(items[0]!.key)!.length + 80 * FRAME + encoded.get(items[2]!.key)!.length,
      );
      expect(bytes[tagLength + 40 * FRAME + 4]).toBe(bytes.length > 0 ? spotFill() : 0);
    }
    const chaptersAfter = await (
      await call(`/api/shows/${show.slug}/episodes/${episodes[0]!.id}/chapters.json`)
    ).json<any>();
    expect(chaptersAfter.chapters.map((c: any) => c.startTime)).toEqual([0, 1.045, 3.135]);
    // The spot the program filled reads 'Sponsor' to listeners, never its file's name ("spot-b.mp3"), in
    // the chapters JSON, the stitched file's ID3 chapters, the feed's chapters link and the episode page.
    expect(chaptersAfter.chapters.map((c: any) => c.title)).toEqual([INTRO, "Sponsor", "Outro"]);
    const stitchedTag = await id3Of(audioPath(episodes[0]!.id));
    expect(utf16Titles(stitchedTag)).toEqual([INTRO, "Sponsor", "Outro"]);
    const feedText = await (await call(`/api/shows/${show.slug}/feed.xml`)).text();
    expect(feedText).not.toMatch(/spot[-_ ]b/);
    const feedItems = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" }).parse(feedText).rss.channel
      .item as any[];
    for (const item of feedItems) {
      const linked = await (await call(new URL(item["podcast:chapters"]["@url"]).pathname)).json<any>();
      expect(linked.chapters.map((c: any) => c.title)).toEqual([INTRO, "Sponsor", "Outro"]);
    }
    const page = await (await call(`/shows/${show.slug}/episodes/${episodes[0]!.id}`)).text();
    expect(page).toContain("Sponsor");
    expect(page).toContain(INTRO);
    for (const text of [page, feedText]) expect(text).not.toMatch(/barley_fields|_ep1\d|take_3/);
    expect(page).not.toMatch(/spot[-_ ]b/);
    // A chapter the creator named keeps the creator's words everywhere.
    const named = await call(`/api/playlist-items/${playlists[1]!.items[1]!.id}/chapter`, {
      method: "PUT",
      cookie: member.cookie,
      json: { title: "A word from the co-op" },
    });
    expect(named.status).toBe(200);
    const renamed = await (await call(`/api/shows/${show.slug}/episodes/${episodes[1]!.id}/chapters.json`)).json<any>();
    expect(renamed.chapters.map((c: any) => c.title)).toEqual([INTRO, "A word from the co-op", "Outro"]);
    expect(utf16Titles(await id3Of(audioPath(episodes[1]!.id)))).toEqual([INTRO, "A word from the co-op", "Outro"]);
    const [spot] = await db
      .select()
      .from(deliverySegments)
      .where(inArray(deliverySegments.sourceKey, [...encoded.keys()]))
      .orderBy(deliverySegments.updatedAt);
    expect(spot).toBeTruthy();
  });

  it("counts a download once per listener per day, not HEADs, bots or short probes", async () => {
    const path = audioPath(episodes[2]!.id);
    const listener = { ip: "203.0.113.7", headers: { "user-agent": "Overcast/3.0 (+http://overcast.fm/)" } };
    expect((await call(path, { ...listener, method: "HEAD" })).status).toBe(200);
    const probe = await call(path, { ...listener, headers: { ...listener.headers, range: "bytes=0-1" } });
    await probe.arrayBuffer();
    const counted = async () =>
      (
        await db
          .select()
          .from(episodeDownloads)
          .where(and(eq(episodeDownloads.episodeId, episodes[2]!.id), eq(episodeDownloads.counted, true)))
      ).filter((row) => row.app === "Overcast").length;
    expect(await counted()).toBe(0);
    for (let i = 0; i < 2; i++) await (await call(path, listener)).arrayBuffer();
    await (
      await call(path, {
        ip: "203.0.113.7",
        headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
      })
    ).arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await counted()).toBe(1);
    // Earlier tests fetched it too (no user agent: "Other"); the bot left no row.
    const rows = await db.select().from(episodeDownloads).where(eq(episodeDownloads.episodeId, episodes[2]!.id));
    expect(rows.map((row) => row.app).sort()).toEqual(["Other", "Overcast"]);
    rows.splice(0, rows.length, ...rows.filter((row) => row.app === "Overcast"));
    expect(rows[0]!.app).toBe("Overcast");
    expect(rows[0]!.listener).not.toContain("203.0.113.7");
  });

  it("counts a download fetched as parallel ranges: four at once from one client, twenty clients at once, each once", async () => {
    const path = audioPath(episodes[1]!.id);
    const size = Number((await call(path, { method: "HEAD" })).headers.get("content-length"));
    /** `parts` contiguous ranges that cover every byte of the file. */
    const ranges = (parts: number) =>
      Array.from({ length: parts }, (_, i) => {
        const start = Math.floor((size * i) / parts);
        return `bytes=${start}-${Math.floor((size * (i + 1)) / parts) - 1}`;
      });
    const fetchInParallel = (ip: string, userAgent: string, parts: number) =>
      Promise.all(
        ranges(parts).map(async (range) => {
          const response = await call(path, { ip, headers: { "user-agent": userAgent, range } });
          expect(response.status).toBe(206);
          await response.arrayBuffer();
        }),
      );
    const countedBy = async (app: string) =>
      (
        await db
          .select()
          .from(episodeDownloads)
          .where(and(eq(episodeDownloads.episodeId, episodes[1]!.id), eq(episodeDownloads.counted, true)))
      ).filter((row) => row.app === app).length;
    /** The recording runs after the answer (waitUntil): waits until `expected` or a deadline. */
    const settled = async (app: string, expected: number) => {
      const deadline = Date.now() + 3_000;
      let n = await countedBy(app);
      while (n < expected && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        n = await countedBy(app);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      return countedBy(app);
    };

    await fetchInParallel("203.0.113.40", "PocketCasts/7.60", 4);
    expect(await settled("Pocket Casts", 1)).toBe(1);
    const [row] = await db
      .select()
      .from(episodeDownloads)
      .where(and(eq(episodeDownloads.episodeId, episodes[1]!.id), eq(episodeDownloads.app, "Pocket Casts")));
    // Every range kept: one merged range, from the audio's first byte.
    expect(row!.ranges).toHaveLength(1);
    expect(row!.ranges[0]![0]).toBe(0);

    await Promise.all(
      Array.from({ length: 20 }, (_, i) => fetchInParallel(`203.0.113.${100 + i}`, "AntennaPod/3.4.0", 2)),
    );
    expect(await settled("AntennaPod", 20)).toBe(20);

    // The report's case as the module sees it: a 102 s file at 128 kbit/s as four parallel quarters.
    const deps = makeDeps(env, ORIGIN);
    const audioBytes = 102 * 16_000;
    await Promise.all(
      [0, 1, 2, 3].map((i) =>
        recordDownload(deps, {
          episodeId: episodes[1]!.id,
          showId: show.id,
          address: "203.0.113.41",
          userAgent: "Castro/2024",
          country: "NL",
          served: [(audioBytes * i) / 4, (audioBytes * (i + 1)) / 4],
          audioBytes,
        }),
      ),
    );
    const [castro] = await db
      .select()
      .from(episodeDownloads)
      .where(and(eq(episodeDownloads.episodeId, episodes[1]!.id), eq(episodeDownloads.app, "Castro")));
    expect(castro!.ranges).toEqual([[0, audioBytes]]);
    expect(castro!.counted).toBe(true);
  });

  it("renders the show page with Open Graph tags, the episode page with its chapters, and stats for the owner only", async () => {
    const page = await call(`/shows/${show.slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('property="og:title"');
    expect(html).toContain("Episode 1");
    const episode = await (await call(`/shows/${show.slug}/episodes/${episodes[0]!.id}`)).text();
    expect(episode).toContain("Chapters");
    expect(episode).toContain("audio.mp3");
    expect((await call(`/shows/${show.slug}/stats`, { cookie: member.cookie })).status).toBe(200);
    const stranger = await signUp({}, "198.51.100.92");
    expect((await call(`/shows/${show.slug}/stats`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await call(`/shows/${show.slug}/manage`, { cookie: stranger.cookie })).status).toBe(404);
  });
  it("has one main landmark on each show page: the shell's, no page nests its own (issue 44 item 4)", async () => {
    const pages = [
      "/shows",
      `/shows/${show.slug}`,
      `/shows/${show.slug}/episodes/${episodes[0]!.id}`,
      `/shows/${show.slug}/manage`,
      `/shows/${show.slug}/stats`,
      `/shows/${show.slug}/team`,
      "/digimanager/sales",
      "/free/not-a-token",
    ];
    for (const path of pages) {
      const page = await call(path, { cookie: member.cookie });
      const html = await page.text();
      expect(html.match(/<main\b/g), `${path} (${page.status})`).toHaveLength(1);
    }
  });

  it("renders each show page for its owner waiting on D1 at most twice, with three episodes (ADR 057)", async () => {
    const pages = [
      `/shows/${show.slug}`,
      `/shows/${show.slug}/episodes/${episodes[0]!.id}`,
      `/shows/${show.slug}/manage`,
      `/shows/${show.slug}/stats`,
      `/shows/${show.slug}/stats?episode=${episodes[1]!.id}`,
    ];
    for (const path of pages) {
      const page = await call(path, { cookie: member.cookie });
      expect(page.status, path).toBe(200);
      expect(Number(page.headers.get("x-d1-waits")), path).toBeLessThanOrEqual(2);
    }
  });
  it("a deleted playlist leaves no broken episode: a removed item plays the rest, a deleted project takes its episode", async () => {
    const { playlist, ...project } = await playlistWith(member.cookie, ["audio", "audio"], "Four");
    const { episode, path } = await publish(playlist.id, "Episode 4", "Short one");
    await encodeAll(() => 30);
    const whole = await call(path);
    expect(whole.status).toBe(200);
    expect(Number(whole.headers.get("content-length"))).toBeGreaterThan(60 * FRAME);
    await whole.arrayBuffer();

    // The first item's project file deleted: the playlist keeps its copy, and the episode its encoded audio.
    expect((await call(`/api/files/${project.fileIds[0]}`, { method: "DELETE", cookie: member.cookie })).status).toBe(
      204,
    );
    const kept = await call(path);
    expect(kept.status).toBe(200);
    expect(kept.headers.get("etag")).toBe(whole.headers.get("etag"));
    await kept.arrayBuffer();
    // The item taken out of the playlist: the episode plays what is left, whole and exact.
    const removed = await call(`/api/playlist-items/${playlist.items[0]!.id}`, {
      method: "DELETE",
      cookie: member.cookie,
    });
    expect(removed.status).toBeLessThan(300);
    const rest = await call(path);
    expect(rest.status).toBe(200);
    const bytes = new Uint8Array(await rest.arrayBuffer());
    expect(String(bytes.length)).toBe(rest.headers.get("content-length"));
    const tagLength = 10 + ((bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!);
    expect(bytes.slice(tagLength)).toEqual(encoded.get(playlist.items[1]!.key));

    // The project deleted: its playlist and the episode go with it, from every place a listener looks.
    expect((await call(`/api/projects/${project.projectId}`, { method: "DELETE", cookie: member.cookie })).status).toBe(
      204,
    );
    expect((await call(path)).status).toBe(404);
    expect((await call(path, { method: "HEAD" })).status).toBe(404);
    expect((await call(`/api/shows/${show.slug}/episodes/${episode.id}/chapters.json`)).status).toBe(404);
    expect((await call(`/shows/${show.slug}/episodes/${episode.id}`)).status).toBe(404);
    const feed = await (await call(`/api/shows/${show.slug}/feed.xml`)).text();
    expect(feed).not.toContain(episode.id);
    expect(feed.split("<item>").length - 1).toBe(3);
    const page = await (await call(`/shows/${show.slug}`)).text();
    expect(page).toContain("Episode 1");
    expect(page).not.toContain("Episode 4");
    const mine = await (await call(`/shows/${show.slug}/manage`, { cookie: member.cookie })).text();
    expect(mine).not.toContain("Episode 4");
  });

  it("encodes a file added to an episode's playlist as it arrives, serving the last complete version until then", async () => {
    const project = await projectWith(member.cookie, ["audio", "audio"], "Five");
    expect((await addToPlaylist(member.cookie, project.projectId, [project.fileIds[0]!])).status).toBe(201);
    const playlist = await playlistOf(member.cookie, project.projectId);
    const { path } = await publish(playlist.id, "Episode 5", "Growing");
    await encodeAll(() => 20);
    const before = await call(path, { method: "HEAD" });
    expect(before.status).toBe(200);

    expect((await addToPlaylist(member.cookie, project.projectId, [project.fileIds[1]!])).status).toBe(201);
    const queued = await queuedSegmentJobs();
    expect(queued.map((job) => (job.input as { sourceKey: string }).sourceKey)).toEqual([
      (await playlistOf(member.cookie, project.projectId)).items[1].key,
    ]);
    const during = await call(path, { method: "HEAD" });
    expect(during.headers.get("etag")).toBe(before.headers.get("etag"));
    await encodeAll(() => 25);
    const after = await call(path, { method: "HEAD" });
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
    expect(Number(after.headers.get("content-length"))).toBeGreaterThan(
      Number(before.headers.get("content-length")) + 25 * FRAME - 1,
    );
  });

  it("queues the spot whoever applies the program: an editor applying to the owner's episode", async () => {
    const { playlist, ...project } = await playlistWith(member.cookie, ["audio"], "Seven");
    const editor = await joinAs(member, "editor", { projectId: project.projectId });
    const allSegmentJobs = async () => (await db.select().from(jobs).where(eq(jobs.kind, "segment"))).length;
    const jobsBefore = await allSegmentJobs();
    // The editor's spot, uploaded while no audio episode of theirs could take it: not encoded yet.
    const programId = await programWith(editor.cookie, ["b"], "audio");
    expect(await allSegmentJobs()).toBe(jobsBefore);

    const { path } = await publish(playlist.id, "Episode 7", "With a guest's spot");
    await encodeAll(() => 20);
    const before = await call(path, { method: "HEAD" });
    expect(before.status).toBe(200);

    const applied = await applyProgram(editor.cookie, programId, [playlist.id]);
    expect(applied.status).toBe(200);
    // Queued once, for the episode's owner (the editor has no show of their own).
    const queued = await queuedSegmentJobs();
    expect(queued.map((job) => (job.input as { sourceKey: string }).sourceKey)).toEqual([
      (await playlistOf(member.cookie, project.projectId)).items[1].key,
    ]);
    await encodeAll(() => 10);
    const after = await call(path, { method: "HEAD" });
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
  });
});
