// FarmerTV (seed 001 §7): videos and covers go through the upload module with
// the purposes 'episode-video' (multipart with resume above 100 MB) and
// 'episode-cover' (seed `/farmertv-s3-url`); these routes save, list, edit,
// hide and serve episodes, and the feed: FarmerTV is the platform's show `farmertv`, and its feed
// is the shows feed (also at /api/shows/farmertv/feed.xml).
import { episodeCreateSchema, episodeHiddenSchema, episodeUpdateSchema } from "../../app/kernel/schemas/farmertv";
import {
  createEpisode,
  deleteEpisode,
  episodeCover,
  episodeVideoUrl,
  FARMERTV_SLUG,
  listEpisodes,
  setEpisodeHidden,
  updateEpisode,
} from "../domain/farmertv/episodes";
import { showFeed } from "../domain/shows/feed";
import { showBySlug } from "../domain/shows/shows";
import { serveImage } from "../storage/images";
import { adminApi, memberApi, publicApi, valid } from "./context";

const coverPath = (id: string, extension: string) => `/api/episodes/${id}/cover.${extension}`;

const watching = publicApi()
  .get("/episodes/feed.xml", async (c) =>
    c.body(await showFeed(c.var.deps, await showBySlug(c.var.deps, FARMERTV_SLUG)), 200, {
      "content-type": "application/rss+xml; charset=utf-8",
      "cache-control": "public, max-age=300",
    }),
  )
  .get("/episodes", async (c) =>
    c.json({ farmVid: await listEpisodes(c.var.deps, { includeHidden: c.var.user?.role === "admin" }) }),
  )
  .get("/episodes/:id/video", async (c) => c.redirect(await episodeVideoUrl(c.var.deps, c.req.param("id")), 302))
  // The cover (or poster) at a stable address ending in its extension, served directly with its
  // image type (issue 44 item 3: a share preview's og:image; the feed's itunes:image).
  .on(["GET", "HEAD"], "/episodes/:id/:file{cover\\.[a-z]+}", async (c) => {
    const id = c.req.param("id");
    const picture = await episodeCover(c.var.deps, id);
    if (c.req.param("file") !== `cover.${picture.extension}`) return c.redirect(coverPath(id, picture.extension), 301);
    return serveImage(c.var.deps.storage, picture.key, picture.contentType, c.req.raw);
  })
  // The first address (no extension, once a redirect to a signed link of no type): leads to the new one.
  .get("/episodes/:id/cover", async (c) => {
    const id = c.req.param("id");
    return c.redirect(coverPath(id, (await episodeCover(c.var.deps, id)).extension), 301);
  });

const publishing = memberApi((app) =>
  app
    .post("/episodes", valid("json", episodeCreateSchema), async (c) =>
      c.json({ episode: await createEpisode(c.var.deps, c.var.user.id, c.req.valid("json")) }, 201),
    )
    .patch("/episodes/:id", valid("json", episodeUpdateSchema), async (c) =>
      c.json({ episode: await updateEpisode(c.var.deps, c.var.user.id, c.req.param("id"), c.req.valid("json")) }),
    )
    .delete("/episodes/:id", async (c) => {
      await deleteEpisode(c.var.deps, c.var.user.id, c.req.param("id"));
      return c.body(null, 204);
    }),
);

const moderating = adminApi((app) =>
  app.put("/admin/episodes/:id/hidden", valid("json", episodeHiddenSchema), async (c) =>
    c.json(await setEpisodeHidden(c.var.deps, c.req.param("id"), c.req.valid("json").hidden)),
  ),
);

export const farmerTvApi = publicApi().route("/", watching).route("/", publishing).route("/", moderating);
