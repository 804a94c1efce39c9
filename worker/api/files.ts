// Projects, files and notes (seed 000 §7 project-file calls).
import { noteSchema, slotPositionSchema } from "../../app/kernel/schemas/files";
import { fileViewData } from "../domain/files/file-page";
import {
  addNote,
  deleteFile,
  deleteNote,
  deleteProject,
  downloadUrl,
  listProjectFiles,
  listProjects,
  setSlotPosition,
} from "../domain/files/files";
import { memberApi, publicApi, valid } from "./context";

// Public-read files are visible to anyone with the link; private ones to their owner only.
const fileReads = publicApi()
  .get("/files/:fileId", async (c) =>
    c.json(await fileViewData(c.var.deps, c.var.user?.id ?? null, c.req.param("fileId"))),
  )
  .post("/files/:fileId/download", async (c) =>
    c.json({ success: true, ...(await downloadUrl(c.var.deps, c.var.user?.id ?? null, c.req.param("fileId"))) }),
  );

const memberFiles = memberApi((app) =>
  app
    .get("/projects", async (c) => c.json({ projects: await listProjects(c.var.deps, c.var.user.id) }))
    .get("/projects/:projectId/files", async (c) =>
      c.json(await listProjectFiles(c.var.deps, c.var.user.id, c.req.param("projectId"))),
    )
    .delete("/projects/:projectId", async (c) => {
      await deleteProject(c.var.deps, c.var.user.id, c.req.param("projectId"));
      return c.body(null, 204);
    })
    .delete("/files/:fileId", async (c) => {
      await deleteFile(c.var.deps, c.var.user.id, c.req.param("fileId"));
      return c.body(null, 204);
    })
    .put("/files/:fileId/slot", valid("json", slotPositionSchema), async (c) => {
      const { slotPosition } = c.req.valid("json");
      return c.json({
        success: true,
        ...(await setSlotPosition(c.var.deps, c.var.user.id, c.req.param("fileId"), slotPosition)),
      });
    })
    .post("/files/:fileId/notes", valid("json", noteSchema), async (c) => {
      const note = await addNote(c.var.deps, c.var.user.id, c.req.param("fileId"), c.req.valid("json").note);
      return c.json({ success: true, note }, 201);
    })
    .delete("/files/:fileId/notes/:noteId", async (c) => {
      await deleteNote(c.var.deps, c.var.user.id, c.req.param("fileId"), c.req.param("noteId"));
      return c.body(null, 204);
    }),
);

export const filesApi = publicApi().route("/", fileReads).route("/", memberFiles);
