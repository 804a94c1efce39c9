// FarmerTV (seed 001 §7): videos and covers go through the upload module with
// the purposes 'episode-video' (multipart with resume above 100 MB) and
// 'episode-cover' (seed `/farmertv-s3-url`); these routes save, list, edit,
// hide and serve episodes, and the feed.
import { Hono } from "hono";
import { episodeCreateSchema, episodeHiddenSchema, episodeUpdateSchema } from "../../app/lib/schemas/farmertv";
import {
  createEpisode,
  deleteEpisode,
  episodeMediaUrl,
  listEpisodes,
  setEpisodeHidden,
  updateEpisode,
} from "../domain/farmertv/episodes";
import { episodesFeed } from "../domain/farmertv/feed";
import { type AppEnv, adminOnly, requireUser, signedIn, valid } from "./context";

export const farmerTv = new Hono<AppEnv>()
  .get("/episodes/feed.xml", async (c) =>
    c.body(await episodesFeed(c.get("deps")), 200, {
      "content-type": "application/rss+xml; charset=utf-8",
      "cache-control": "public, max-age=300",
    }),
  )
  .get("/episodes", async (c) => {
    const user = c.get("user");
    return c.json({ farmVid: await listEpisodes(c.get("deps"), { includeHidden: user?.role === "admin" }) });
  })
  .post("/episodes", signedIn, valid("json", episodeCreateSchema), async (c) => {
    const user = requireUser(c.get("user"));
    return c.json({ episode: await createEpisode(c.get("deps"), user, c.req.valid("json")) }, 201);
  })
  .patch("/episodes/:id", signedIn, valid("json", episodeUpdateSchema), async (c) => {
    const user = requireUser(c.get("user"));
    return c.json({ episode: await updateEpisode(c.get("deps"), user.id, c.req.param("id"), c.req.valid("json")) });
  })
  .delete("/episodes/:id", signedIn, async (c) => {
    const user = requireUser(c.get("user"));
    await deleteEpisode(c.get("deps"), user.id, c.req.param("id"));
    return c.body(null, 204);
  })
  .get("/episodes/:id/video", async (c) =>
    c.redirect(await episodeMediaUrl(c.get("deps"), c.req.param("id"), "video"), 302),
  )
  .get("/episodes/:id/cover", async (c) =>
    c.redirect(await episodeMediaUrl(c.get("deps"), c.req.param("id"), "cover"), 302),
  )
  .put("/admin/episodes/:id/hidden", adminOnly, valid("json", episodeHiddenSchema), async (c) =>
    c.json(await setEpisodeHidden(c.get("deps"), c.req.param("id"), c.req.valid("json").hidden)),
  );
