// Shows (issue 30): members create shows and publish playlists as episodes;
// listeners read the feed, the chapters and the stitched enclosure. The
// enclosure answers GET and HEAD with exact lengths and byte ranges.
import type { Context } from "hono";
import { episodePublishedSchema, episodeSchema, showSchema } from "../../app/kernel/schemas/shows";
import { isDevelopment } from "../config";
import type { ServedVersion, Show, ShowEpisode } from "../db/schema";
import { paceCampaigns } from "../domain/campaigns/pacing";
import type { Deps } from "../domain/deps";
import { NotFound } from "../domain/errors";
import {
  artworkPath,
  chooseVersion,
  listenedEpisode,
  type StitchedEnd,
  spotSpans,
  stitch,
  stitchedBody,
} from "../domain/shows/delivery";
import { countable, recordDownload } from "../domain/shows/downloads";
import { coverPath, enclosurePath, latestRender, showFeed } from "../domain/shows/feed";
import {
  createShow,
  deleteEpisode,
  myShows,
  publishEpisode,
  setEpisodePublished,
  showBySlug,
  updateEpisode,
  updateShow,
} from "../domain/shows/shows";
import { episodePicture, uploadedMedia } from "../domain/shows/uploaded";
import { observe } from "../observability";
import { imageTypeOf, serveImage } from "../storage/images";
import { parseRange } from "../storage/sliced-reads";
import { type AppEnv, clientId, memberApi, publicApi, valid } from "./context";

/** Seconds a listener's app waits before asking again while an episode's first version is being encoded. */
export const ENCODING_RETRY_AFTER = 30;

/** The listed episode at the address and what it serves now: one D1 round trip (ADR 053). */
async function listened(c: Context<AppEnv>) {
  const deps = c.var.deps;
  const { show, episode, current } = await listenedEpisode(deps, c.req.param("slug")!, c.req.param("id")!);
  const { version, record } = chooseVersion(deps, episode, current);
  // Keeping the new complete version as the fallback is no reason to delay the listener.
  if (record) c.executionCtx.waitUntil(record().catch((error) => console.error("served version not kept", error)));
  return { deps, show, episode, version };
}

/**
 * The stitched episode: 200 or 206 with exact lengths, `If-Range` honoured (a listener resuming
 * across a program change gets the new file whole, a clear restart), 416 out of range, 503 with
 * Retry-After until a first complete version exists.
 */
async function serveAudio(
  c: Context<AppEnv>,
  deps: Deps,
  show: Show,
  episode: ShowEpisode,
  version: ServedVersion | null,
) {
  const headers = new Headers({ "accept-ranges": "bytes", "cache-control": "no-cache" });
  if (!version) {
    observe("episode.delivery", { episodeId: episode.id, showId: show.id, method: c.req.method, status: 503 }, "warn");
    headers.set("retry-after", String(ENCODING_RETRY_AFTER));
    headers.set("content-type", "application/json");
    return new Response(
      JSON.stringify({ error: { code: "encoding", message: "This episode is being prepared. Try again shortly." } }),
      { status: 503, headers },
    );
  }
  const file = await stitch(deps, show, episode, version);
  headers.set("content-type", "audio/mpeg");
  headers.set("etag", file.etag);
  const ifRange = c.req.header("if-range");
  const range = ifRange && ifRange !== file.etag ? null : parseRange(c.req.header("range"), file.size);
  if (range === "unsatisfiable") {
    headers.set("content-range", `bytes */${file.size}`);
    return new Response(null, { status: 416, headers });
  }
  const { offset, length } = range ?? { offset: 0, length: file.size };
  if (range) headers.set("content-range", `bytes ${offset}-${offset + length - 1}/${file.size}`);
  headers.set("content-length", String(length));
  const status = range ? 206 : 200;
  const method = c.req.method;
  // The audio part of what is served (the tag is no listening).
  const served: [number, number] = [
    Math.max(0, offset - file.tag.length),
    Math.max(0, offset + length - file.tag.length),
  ];
  const userAgent = c.req.header("user-agent") ?? "";
  let counted: ((end: StitchedEnd) => Promise<void>) | undefined;
  if (countable(method, userAgent, served)) {
    const cf = (c.req.raw as { cf?: { country?: string } }).cf;
    // Locally every request has the same placeholder country: a journey names its listener's.
    const devCountry = isDevelopment(c.env) ? c.req.header("x-dev-country")?.match(/^[A-Z]{2}$/)?.[0] : undefined;
    // Counted once the body ends, as far as it reached; a body storage failed is no download.
    counted = async ({ reached, storageFailed }) => {
      if (storageFailed) return;
      await recordDownload(deps, {
        episodeId: episode.id,
        showId: show.id,
        address: clientId(c.req.raw),
        userAgent,
        country: devCountry ?? cf?.country ?? "XX",
        served: [served[0], Math.max(served[0], reached - file.tag.length)],
        audioBytes: file.size - file.tag.length,
        spots: spotSpans(file.segments),
      })
        // A campaign whose goal this download reached leaves every episode now (issue 47).
        .then((totals) => paceCampaigns(deps, totals))
        .catch((error) => console.error("download not recorded", error));
    };
  }
  observe("episode.delivery", { episodeId: episode.id, showId: show.id, method, status, bytes: length });
  if (method === "HEAD") return new Response(null, { status, headers });
  const { body, done } = stitchedBody(deps.storage, file, offset, length);
  c.executionCtx.waitUntil(done.then((end) => counted?.(end)));
  return new Response(body, { status, headers });
}

const listening = publicApi()
  .get("/shows/:slug/feed.xml", async (c) => {
    const show = await showBySlug(c.var.deps, c.req.param("slug"));
    return c.body(await showFeed(c.var.deps, show), 200, {
      "content-type": "application/rss+xml; charset=utf-8",
      // Short: a program applied to a slot changes lengths and chapters within the minute.
      "cache-control": "public, max-age=30",
    });
  })
  // Artwork at a stable address ending in its extension, served directly (issue 44 item 2): a
  // directory checks the feed's itunes:image for both, and for an image type.
  .on(["GET", "HEAD"], "/shows/:slug/:file{artwork\\.[a-z]+}", async (c) => {
    const show = await showBySlug(c.var.deps, c.req.param("slug"));
    const path = artworkPath(show);
    const type = show.artworkKey ? imageTypeOf(show.artworkType, show.artworkKey) : null;
    if (!path || !type) throw new NotFound("This show has no artwork.");
    // New artwork of another type: the old address leads to the new one.
    if (!path.endsWith(`/${c.req.param("file")}`)) return c.redirect(path, 301);
    return serveImage(c.var.deps.storage, show.artworkKey!, type, c.req.raw);
  })
  // The first address (no extension, once a redirect to a signed link): kept, it leads to the new one.
  .get("/shows/:slug/artwork", async (c) => {
    const path = artworkPath(await showBySlug(c.var.deps, c.req.param("slug")));
    if (!path) throw new NotFound("This show has no artwork.");
    return c.redirect(path, 301);
  })
  .on(["GET", "HEAD"], "/shows/:slug/episodes/:id/audio.mp3", async (c) => {
    const { deps, show, episode, version } = await listened(c);
    if (show.mediaType !== "audio") throw new NotFound();
    return serveAudio(c, deps, show, episode, version);
  })
  // A video episode's file: the playlist's latest render, or the uploaded file (its own type).
  .get("/shows/:slug/episodes/:id/:file{video\\.[a-z0-9]+}", async (c) => {
    const { deps, show, episode } = await listened(c);
    if (c.req.param("file") !== enclosurePath(show, episode, show.mediaType).split("/").pop()) throw new NotFound();
    const uploaded = uploadedMedia(episode);
    const render = uploaded || show.mediaType !== "video" ? null : await latestRender(deps, episode);
    const file = uploaded ?? (render ? { key: render.key, type: "video/mp4" } : null);
    if (!file) throw new NotFound("This episode has no video yet.");
    const url = await deps.storage.signer.signGet({ key: file.key, contentType: file.type }, 60 * 60);
    return c.redirect(url.url, 302);
  })
  // An uploaded episode's picture (the feed's item itunes:image), served directly with its image type.
  .on(["GET", "HEAD"], "/shows/:slug/episodes/:id/:file{cover\\.[a-z]+}", async (c) => {
    const { deps, show, episode } = await listened(c);
    const picture = episodePicture(episode);
    if (!picture) throw new NotFound();
    const path = coverPath(show, episode, picture.extension);
    if (!path.endsWith(`/${c.req.param("file")}`)) return c.redirect(path, 301);
    return serveImage(deps.storage, picture.key, picture.contentType, c.req.raw);
  })
  .get("/shows/:slug/episodes/:id/chapters.json", async (c) => {
    const { version } = await listened(c);
    return c.json({ version: "1.2.0", chapters: version?.chapters ?? [] }, 200, {
      "content-type": "application/json+chapters",
      "cache-control": "public, max-age=30",
    });
  });

const publishing = memberApi((app) =>
  app
    .get("/shows", async (c) => c.json({ shows: await myShows(c.var.deps, c.var.user.id) }))
    .post("/shows", valid("json", showSchema), async (c) =>
      c.json({ show: await createShow(c.var.deps, c.var.user.id, c.req.valid("json")) }, 201),
    )
    .put("/shows/:id", valid("json", showSchema), async (c) =>
      c.json({ show: await updateShow(c.var.deps, c.var.user.id, c.req.param("id"), c.req.valid("json")) }),
    )
    .post("/shows/:id/episodes", valid("json", episodeSchema), async (c) =>
      c.json({ episode: await publishEpisode(c.var.deps, c.var.user.id, c.req.param("id"), c.req.valid("json")) }, 201),
    )
    .patch("/show-episodes/:id", valid("json", episodeSchema.omit({ playlistId: true })), async (c) =>
      c.json({ episode: await updateEpisode(c.var.deps, c.var.user.id, c.req.param("id"), c.req.valid("json")) }),
    )
    .put("/show-episodes/:id/published", valid("json", episodePublishedSchema), async (c) =>
      c.json({
        episode: await setEpisodePublished(c.var.deps, c.var.user.id, c.req.param("id"), c.req.valid("json").published),
      }),
    )
    .delete("/show-episodes/:id", async (c) => {
      await deleteEpisode(c.var.deps, c.var.user.id, c.req.param("id"));
      return c.body(null, 204);
    }),
);

export const showsApi = publicApi().route("/", listening).route("/", publishing);
