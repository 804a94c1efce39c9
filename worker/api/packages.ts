// Packaging playlists into one zip (seed 000 §7 `POST /package-playlists`); progress is a job's.
import { packageSchema } from "../../app/kernel/schemas/playlists";
import { startPackage } from "../domain/packages/packages";
import { memberApi, valid } from "./context";

export const packagesApi = memberApi((app) =>
  app.post("/packages", valid("json", packageSchema), async (c) =>
    c.json(await startPackage(c.var.deps, c.var.user.id, c.req.valid("json").playlistIds), 202),
  ),
);
