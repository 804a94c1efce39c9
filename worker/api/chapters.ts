// Chapter marks of a playlist (issue 11): list, add, rename/move, remove, and an item's own chapter title.
import { Hono } from "hono";
import { chapterEditSchema, chapterMarkSchema, itemChapterSchema } from "../../app/lib/schemas/chapters";
import {
  addChapterMark,
  editChapterMark,
  playlistChaptersOf,
  removeChapterMark,
  renameItemChapter,
} from "../domain/playlists/chapters";
import { type AppEnv, requireUser, signedIn, valid } from "./context";

const me = (c: { get(key: "user"): AppEnv["Variables"]["user"] }) => requireUser(c.get("user")).id;

export const chaptersApi = new Hono<AppEnv>()
  .get("/playlists/:playlistId/chapters", signedIn, async (c) =>
    c.json({ chapters: await playlistChaptersOf(c.get("deps"), me(c), c.req.param("playlistId")) }),
  )
  .post("/chapters", signedIn, valid("json", chapterMarkSchema), async (c) =>
    c.json(await addChapterMark(c.get("deps"), me(c), c.req.valid("json")), 201),
  )
  .patch("/chapters/:chapterId", signedIn, valid("json", chapterEditSchema), async (c) =>
    c.json(await editChapterMark(c.get("deps"), me(c), c.req.param("chapterId"), c.req.valid("json"))),
  )
  .delete("/chapters/:chapterId", signedIn, async (c) =>
    c.json(await removeChapterMark(c.get("deps"), me(c), c.req.param("chapterId"))),
  )
  .put("/playlist-items/:itemId/chapter", signedIn, valid("json", itemChapterSchema), async (c) =>
    c.json(await renameItemChapter(c.get("deps"), me(c), c.req.param("itemId"), c.req.valid("json").title)),
  );
