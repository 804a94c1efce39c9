// Rendering playlists to one file each (seed 000 §7 `POST /render-playlist`, `GET /render-files`).
import { z } from "zod";
import { commaIds } from "../../app/kernel/schemas/ids";
import { renderSchema } from "../../app/kernel/schemas/playlists";
import { listRenders, renderStatus, startRenders } from "../domain/renders/renders";
import { memberApi, valid } from "./context";

export const rendersApi = memberApi((app) =>
  app
    .post("/renders", valid("json", renderSchema), async (c) => {
      const { playlistIds, loudness } = c.req.valid("json");
      return c.json(
        { success: true, renders: await startRenders(c.var.deps, c.var.user.id, playlistIds, loudness) },
        202,
      );
    })
    .get("/renders", async (c) => c.json({ success: true, renderFiles: await listRenders(c.var.deps, c.var.user.id) }))
    .get("/renders/status", valid("query", z.object({ ids: commaIds(100) })), async (c) =>
      c.json({ renders: await renderStatus(c.var.deps, c.var.user.id, c.req.valid("query").ids) }),
    ),
);
