// Chapter marks of a playlist (issue 11): list, add, rename/move, remove, and an item's own chapter title.
import { chapterEditSchema, chapterMarkSchema, itemChapterSchema } from "../../app/kernel/schemas/chapters";
import {
  addChapterMark,
  editChapterMark,
  playlistChaptersOf,
  removeChapterMark,
  renameItemChapter,
} from "../domain/playlists/chapters";
import { memberApi, valid } from "./context";

export const chaptersApi = memberApi((app) =>
  app
    .get("/playlists/:playlistId/chapters", async (c) =>
      c.json({ chapters: await playlistChaptersOf(c.var.deps, c.var.user.id, c.req.param("playlistId")) }),
    )
    .post("/chapters", valid("json", chapterMarkSchema), async (c) =>
      c.json(await addChapterMark(c.var.deps, c.var.user.id, c.req.valid("json")), 201),
    )
    .patch("/chapters/:chapterId", valid("json", chapterEditSchema), async (c) =>
      c.json(await editChapterMark(c.var.deps, c.var.user.id, c.req.param("chapterId"), c.req.valid("json"))),
    )
    .delete("/chapters/:chapterId", async (c) =>
      c.json(await removeChapterMark(c.var.deps, c.var.user.id, c.req.param("chapterId"))),
    )
    .put("/playlist-items/:itemId/chapter", valid("json", itemChapterSchema), async (c) =>
      c.json(await renameItemChapter(c.var.deps, c.var.user.id, c.req.param("itemId"), c.req.valid("json").title)),
    ),
);
