// Stitched delivery under faults (issue 48 item 4): storage failing in the middle of a stitched
// response, and a segment the renderer reports done that storage does not hold.
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call, ORIGIN, signUp } from "../../tests/workers/http";
import { applyProgram, playlistWithSlot, programWith } from "../../tests/workers/playlists";
import { stubRenderer } from "../../tests/workers/renderer";
import { segmentEncoder } from "../../tests/workers/segments";
import { database } from "../db/client";
import { deliverySegments, episodeDownloads, jobs } from "../db/schema";
import { makeDeps } from "../domain/deps";
import { chooseVersion, listenedEpisode, stitch, stitchedBody } from "../domain/shows/delivery";
import { SEGMENT_NOT_STORED } from "../jobs/segment";

const db = database(env.DB);
const stub = stubRenderer();
let member: Awaited<ReturnType<typeof signUp>>;
const { encoded, encodeAll } = segmentEncoder(stub, () => member.user.id);
let slug: string;

beforeAll(async () => {
  member = await signUp({}, "198.51.100.92");
  slug = `faults-${Date.now().toString(36)}`;
  const created = await call("/api/shows", {
    cookie: member.cookie,
    json: { title: "Faults", slug, description: "d", author: "Ada", category: "Leisure", language: "en" },
  });
  expect(created.status).toBe(201);
});

/** An audio episode of three items (the second in slot b), published and encoded; its audio's path. */
async function encodedEpisode(title: string) {
  const { playlist } = await playlistWithSlot(member.cookie, ["audio", "audio", "audio"], title, {
    index: 1,
    slot: "b",
  });
  const showId = (await (await call("/api/shows", { cookie: member.cookie })).json<any>()).shows.find(
    (s: { slug: string }) => s.slug === slug,
  ).id;
  const published = await call(`/api/shows/${showId}/episodes`, {
    cookie: member.cookie,
    json: { playlistId: playlist.id, title, description: "Notes" },
  });
  expect(published.status).toBe(201);
  const episode = (await published.json<any>()).episode;
  await encodeAll();
  const path = `/api/shows/${slug}/episodes/${episode.id}/audio.mp3`;
  const whole = await call(path);
  expect(whole.status).toBe(200);
  const bytes = new Uint8Array(await whole.arrayBuffer());
  const [segments] = await Promise.all([
    db.select().from(deliverySegments),
    new Promise((resolve) => setTimeout(resolve, 50)), // the served version is kept after the answer
  ]);
  const keyOf = (item: { key: string }) => segments.find((s) => s.sourceKey === item.key)!.key!;
  return { episode, playlist, path, bytes, etag: whole.headers.get("etag"), segmentKeys: playlist.items.map(keyOf) };
}

/** Reads a response's body to its end or its error: the bytes that arrived, and whether it ended whole. */
async function readAll(response: Response) {
  const reader = response.body!.getReader();
  const chunks: Uint8Array[] = [];
  let whole = true;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
  } catch {
    whole = false;
  }
  const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  return { bytes, whole };
}

/** The episode's download rows of `app` once `settled` holds of them (recorded after the answer), or after 3 s. */
async function downloadRows(episodeId: string, app: string, settled = (_rows: unknown[]) => false) {
  const deadline = Date.now() + 3_000;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const rows = (await db.select().from(episodeDownloads).where(eq(episodeDownloads.episodeId, episodeId))).filter(
      (row) => row.app === app,
    );
    if (settled(rows) || Date.now() > deadline) return rows;
  }
}

describe("storage failing in the middle of a stitched response", () => {
  it("ends the body short and errored, never a later segment's bytes in place of the failed one, and counts no download", async () => {
    const { episode, path, bytes, segmentKeys } = await encodedEpisode("Storage fails");
    const listener = (ip: string) => ({ ip, headers: { "user-agent": "Overcast/3.0 (+http://overcast.fm/)" } });

    // The middle segment gone from storage: the tag and the first segment arrive, then the body errors.
    const middle = (await env.FILES.get(segmentKeys[1]!))!;
    const middleBytes = new Uint8Array(await middle.arrayBuffer());
    await env.FILES.delete(segmentKeys[1]!);
    const missing = await call(path, listener("203.0.113.61"));
    expect(missing.status).toBe(200);
    const gone = await readAll(missing);
    expect(gone.whole).toBe(false);
    expect(gone.bytes.length).toBeLessThan(bytes.length);
    expect(gone.bytes).toEqual(bytes.slice(0, gone.bytes.length));

    // The middle segment stored shorter than its row says: no byte of the third segment takes its place.
    await env.FILES.put(segmentKeys[1]!, middleBytes.slice(0, 1000));
    const short = await readAll(await call(path, listener("203.0.113.62")));
    expect(short.whole).toBe(false);
    expect(short.bytes.length).toBeLessThan(bytes.length);
    expect(short.bytes).toEqual(bytes.slice(0, short.bytes.length));
    // A range inside the damaged segment alone: nothing wrong either.
    const ranged = await readAll(
      await call(path, {
        ...listener("203.0.113.63"),
        headers: { ...listener("").headers, range: `bytes=${bytes.length - 20_000}-` },
      }),
    );
    expect(ranged.whole).toBe(false);
    expect(ranged.bytes).toEqual(bytes.slice(bytes.length - 20_000, bytes.length - 20_000 + ranged.bytes.length));

    expect(await downloadRows(episode.id, "Overcast", () => true)).toEqual([]);

    // Storage whole again: the same listener's download is served byte for byte and counted, once.
    await env.FILES.put(segmentKeys[1]!, middleBytes);
    const again = await readAll(await call(path, listener("203.0.113.61")));
    expect(again).toEqual({ bytes, whole: true });
    const rows = await downloadRows(episode.id, "Overcast", (found) => found.length > 0);
    expect(rows.map((row) => row.counted)).toEqual([true]);
  });
});

describe("storage failing in the middle of one segment's body", () => {
  it("errors the stitched body at that byte and says storage failed it", async () => {
    const { episode, bytes, segmentKeys } = await encodedEpisode("Body fails");
    const deps = makeDeps(env, ORIGIN);
    const found = await listenedEpisode(deps, slug, episode.id);
    const file = await stitch(
      deps,
      found.show,
      found.episode,
      chooseVersion(deps, found.episode, found.current).version!,
    );
    // R2 answers the second segment, then its body errors after 1,000 bytes.
    const failing = {
      async get(key: string, options: R2GetOptions) {
        const object = (await env.FILES.get(key, options)) as R2ObjectBody;
        if (key !== segmentKeys[1]) return object;
        const source = object.body.getReader();
        let sent = 0;
        const body = new ReadableStream({
          async pull(controller) {
            if (sent >= 1000) return controller.error(new Error("injected R2 read failure"));
            const { done, value } = await source.read();
            if (done) return controller.close();
            const part = value.slice(0, 1000 - sent);
            sent += part.length;
            controller.enqueue(part);
          },
        });
        return Object.assign(Object.create(object), { size: object.size, body });
      },
    } as unknown as R2Bucket;
    const { body, done } = stitchedBody(failing, file, 0, file.size);
    const read = await readAll(new Response(body));
    expect(read.whole).toBe(false);
    expect(read.bytes).toEqual(bytes.slice(0, read.bytes.length));
    // The tag and the first segment whole, at most the 1,000 bytes of the second R2 gave, nothing after.
    const first = file.tag.length + file.segments[0]!.bytes;
    expect(read.bytes.length).toBeGreaterThanOrEqual(first);
    expect(read.bytes.length).toBeLessThanOrEqual(first + 1000);
    expect(await done).toEqual({ reached: read.bytes.length, storageFailed: true });
  });
});

describe("a segment the renderer reports done that storage does not hold", () => {
  it("is refused: the job fails, the segment is not ready, and the episode keeps serving its last complete version", async () => {
    const { path, bytes, etag, playlist } = await encodedEpisode("Spot lost");
    const chaptersPath = path.replace("audio.mp3", "chapters.json");
    const chaptersBefore = await (await call(chaptersPath)).json<any>();
    const programId = await programWith(member.cookie, ["b"], "audio");
    expect((await applyProgram(member.cookie, programId, [playlist.id])).status).toBe(200);

    const isSpot = (key: string) => key.includes("/programs/");
    expect(await encodeAll({ lost: isSpot })).toBe(1);
    const spots = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.userId, member.user.id), eq(jobs.kind, "segment")));
    const spotJob = spots.find((job) => isSpot((job.input as { sourceKey: string }).sourceKey))!;
    expect(spotJob).toMatchObject({ status: "failed", error: SEGMENT_NOT_STORED });
    const [segment] = await db
      .select()
      .from(deliverySegments)
      .where(eq(deliverySegments.sourceKey, (spotJob.input as { sourceKey: string }).sourceKey));
    expect(segment!.status).toBe("failed");
    expect([...encoded.keys()].some(isSpot)).toBe(false);

    const served = await call(path);
    expect(served.headers.get("etag")).toBe(etag);
    expect(await readAll(served)).toEqual({ bytes, whole: true });
    expect(await (await call(chaptersPath)).json<any>()).toEqual(chaptersBefore);
  });
});
