// Playlists, programs, rendering and packaging (seed 000 §7).

import { Hono } from "hono";
import { z } from "zod";
import { commaIds } from "../../app/lib/schemas/ids";
import {
  addToPlaylistSchema,
  applyProgramSchema,
  checkSlotSchema,
  packageSchema,
  playlistSlotSchema,
  programOrderSchema,
  programSchema,
  programSlotSchema,
  renderSchema,
  reorderSchema,
} from "../../app/lib/schemas/playlists";
import { Forbidden } from "../domain/errors";
import {
  addFilesToPlaylist,
  isSlotFree,
  listPlaylists,
  projectPlaylist,
  removeItem,
  reorderPlaylist,
  setItemSlot,
} from "../domain/playlists/playlists";
import {
  applicationsOf,
  applyProgram,
  createProgram,
  deleteProgram,
  deleteProgramFile,
  isProgramSlotFree,
  listPrograms,
  previewApply,
  programTitles,
  reorderPrograms,
  setProgramFileSlot,
  undoApplication,
} from "../domain/programs/programs";
import { jobStatus, listRenders, renderStatus, startPackage, startRenders } from "../domain/renders/renders";
import { isProgressToken, recordProgress } from "../jobs/progress";
import { type AppEnv, requireUser, signedIn, valid } from "./context";

const me = (c: { get(key: "user"): AppEnv["Variables"]["user"] }) => requireUser(c.get("user")).id;

export const playlistsApi = new Hono<AppEnv>()
  // ── playlists ──
  .get("/playlists", signedIn, async (c) => c.json({ success: true, data: await listPlaylists(c.get("deps"), me(c)) }))
  .get("/projects/:projectId/playlist", signedIn, async (c) =>
    c.json(await projectPlaylist(c.get("deps"), me(c), c.req.param("projectId"))),
  )
  .post("/projects/:projectId/playlist/items", signedIn, valid("json", addToPlaylistSchema), async (c) => {
    const result = await addFilesToPlaylist(
      c.get("deps"),
      me(c),
      c.req.param("projectId"),
      c.req.valid("json").fileIds,
    );
    return c.json({ success: true, ...result }, 201);
  })
  .post("/playlists/:playlistId/check-slot", signedIn, valid("json", checkSlotSchema), async (c) => {
    const free = await isSlotFree(c.get("deps"), me(c), c.req.param("playlistId"), c.req.valid("json").slotPosition);
    return c.json({
      success: free,
      message: free ? "Slot position is available." : "Slot position already exists in this playlist.",
    });
  })
  .put("/playlists/:playlistId/order", signedIn, valid("json", reorderSchema), async (c) => {
    await reorderPlaylist(c.get("deps"), me(c), c.req.param("playlistId"), c.req.valid("json").itemIds);
    return c.json({ success: true });
  })
  .get("/playlists/:playlistId/applications", signedIn, async (c) =>
    c.json({ applications: await applicationsOf(c.get("deps"), me(c), c.req.param("playlistId")) }),
  )
  .put("/playlist-items/:itemId/slot", signedIn, valid("json", playlistSlotSchema), async (c) => {
    return c.json({
      success: true,
      ...(await setItemSlot(c.get("deps"), me(c), c.req.param("itemId"), c.req.valid("json").slotPosition)),
    });
  })
  .delete("/playlist-items/:itemId", signedIn, async (c) =>
    c.json(await removeItem(c.get("deps"), me(c), c.req.param("itemId"))),
  )
  // ── programs ──
  .get("/programs", signedIn, async (c) => c.json({ programs: await listPrograms(c.get("deps"), me(c)) }))
  .get("/program-titles", signedIn, async (c) => c.json(await programTitles(c.get("deps"), me(c))))
  .post("/programs", signedIn, valid("json", programSchema), async (c) =>
    c.json({ success: true, program: await createProgram(c.get("deps"), me(c), c.req.valid("json")) }, 201),
  )
  .put("/programs/order", signedIn, valid("json", programOrderSchema), async (c) => {
    await reorderPrograms(c.get("deps"), me(c), c.req.valid("json").programIds);
    return c.json({ success: true });
  })
  .delete("/programs/:programId", signedIn, async (c) => {
    await deleteProgram(c.get("deps"), me(c), c.req.param("programId"));
    return c.body(null, 204);
  })
  .post("/programs/:programId/check-slot", signedIn, valid("json", programSlotSchema), async (c) => {
    const free = await isProgramSlotFree(
      c.get("deps"),
      me(c),
      c.req.param("programId"),
      c.req.valid("json").slotPosition,
    );
    return free
      ? c.json({ success: true })
      : c.json({ success: false, error: "Slot position already exists or is invalid." });
  })
  .put("/program-files/:fileId/slot", signedIn, valid("json", programSlotSchema), async (c) => {
    return c.json({
      success: true,
      ...(await setProgramFileSlot(c.get("deps"), me(c), c.req.param("fileId"), c.req.valid("json").slotPosition)),
    });
  })
  .delete("/program-files/:fileId", signedIn, async (c) =>
    c.json(await deleteProgramFile(c.get("deps"), me(c), c.req.param("fileId"))),
  )
  .post("/programs/apply/preview", signedIn, valid("json", applyProgramSchema), async (c) => {
    const { programId, playlistIds } = c.req.valid("json");
    return c.json({ plans: await previewApply(c.get("deps"), me(c), programId, playlistIds) });
  })
  .post("/programs/apply", signedIn, valid("json", applyProgramSchema), async (c) => {
    const { programId, playlistIds } = c.req.valid("json");
    return c.json(await applyProgram(c.get("deps"), me(c), programId, playlistIds));
  })
  .post("/program-applications/:applicationId/undo", signedIn, async (c) =>
    c.json(await undoApplication(c.get("deps"), me(c), c.req.param("applicationId"))),
  )
  // ── rendering and packaging ──
  .post("/renders", signedIn, valid("json", renderSchema), async (c) => {
    const { playlistIds, loudness } = c.req.valid("json");
    return c.json({ success: true, renders: await startRenders(c.get("deps"), me(c), playlistIds, loudness) }, 202);
  })
  .get("/renders", signedIn, async (c) =>
    c.json({ success: true, renderFiles: await listRenders(c.get("deps"), me(c)) }),
  )
  .get("/renders/status", signedIn, valid("query", z.object({ ids: commaIds(100) })), async (c) => {
    return c.json({ renders: await renderStatus(c.get("deps"), me(c), c.req.valid("query").ids) });
  })
  .post("/packages", signedIn, valid("json", packageSchema), async (c) =>
    c.json(await startPackage(c.get("deps"), me(c), c.req.valid("json").playlistIds), 202),
  )
  .get("/jobs/:jobId", signedIn, async (c) => c.json(await jobStatus(c.get("deps"), me(c), c.req.param("jobId"))))
  // The renderer's progress reports: authorised by the job's signed token, not a session.
  .post(
    "/jobs/:jobId/progress",
    valid("query", z.object({ token: z.string().max(100) })),
    valid("json", z.object({ progress: z.number().min(0).max(100) }).loose()),
    async (c) => {
      const deps = c.get("deps");
      if (!(await isProgressToken(deps.secret, c.req.param("jobId"), c.req.valid("query").token)))
        throw new Forbidden();
      await recordProgress(deps.db, c.req.param("jobId"), c.req.valid("json").progress);
      return c.body(null, 204);
    },
  );
