// Programs: timed sets of slot files applied to playlists (seed 000 §7 programming calls).
import {
  applyProgramSchema,
  programOrderSchema,
  programSchema,
  programSlotSchema,
} from "../../app/kernel/schemas/playlists";
import { applyProgram, previewApply, undoApplication } from "../domain/programs/applications";
import {
  createProgram,
  deleteProgram,
  deleteProgramFile,
  isProgramSlotFree,
  listPrograms,
  programTitles,
  reorderPrograms,
  setProgramFileSlot,
} from "../domain/programs/programs";
import { memberApi, valid } from "./context";

export const programsApi = memberApi((app) =>
  app
    .get("/programs", async (c) => c.json({ programs: await listPrograms(c.var.deps, c.var.user.id) }))
    .get("/programs/titles", async (c) => c.json(await programTitles(c.var.deps, c.var.user.id)))
    .post("/programs", valid("json", programSchema), async (c) =>
      c.json({ success: true, program: await createProgram(c.var.deps, c.var.user.id, c.req.valid("json")) }, 201),
    )
    .put("/programs/order", valid("json", programOrderSchema), async (c) => {
      await reorderPrograms(c.var.deps, c.var.user.id, c.req.valid("json").programIds);
      return c.json({ success: true });
    })
    .delete("/programs/:programId", async (c) => {
      await deleteProgram(c.var.deps, c.var.user.id, c.req.param("programId"));
      return c.body(null, 204);
    })
    // A question, not an error: "taken" is a normal answer, so 200 either way (as for playlists).
    .post("/programs/:programId/check-slot", valid("json", programSlotSchema), async (c) => {
      const { slotPosition } = c.req.valid("json");
      const free = await isProgramSlotFree(c.var.deps, c.var.user.id, c.req.param("programId"), slotPosition);
      return c.json({
        success: free,
        message: free ? "Slot position is available." : "Slot position already exists or is invalid.",
      });
    })
    .put("/program-files/:fileId/slot", valid("json", programSlotSchema), async (c) => {
      const { slotPosition } = c.req.valid("json");
      const result = await setProgramFileSlot(c.var.deps, c.var.user.id, c.req.param("fileId"), slotPosition);
      return c.json({ success: true, ...result });
    })
    .delete("/program-files/:fileId", async (c) =>
      c.json(await deleteProgramFile(c.var.deps, c.var.user.id, c.req.param("fileId"))),
    )
    .post("/program-applications/preview", valid("json", applyProgramSchema), async (c) => {
      const { programId, playlistIds } = c.req.valid("json");
      return c.json({ plans: await previewApply(c.var.deps, c.var.user.id, programId, playlistIds) });
    })
    .post("/program-applications", valid("json", applyProgramSchema), async (c) => {
      const { programId, playlistIds } = c.req.valid("json");
      return c.json(await applyProgram(c.var.deps, c.var.user.id, programId, playlistIds));
    })
    .post("/program-applications/:applicationId/undo", async (c) =>
      c.json(await undoApplication(c.var.deps, c.var.user.id, c.req.param("applicationId"))),
    ),
);
