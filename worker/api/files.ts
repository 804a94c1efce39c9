// Projects, files and notes (seed 000 §7 project-file calls).
import { Hono } from "hono";
import { noteSchema, slotPositionSchema } from "../../app/lib/schemas/files";
import {
  addNote,
  deleteFile,
  deleteNote,
  deleteProject,
  downloadUrl,
  fileView,
  listProjectFiles,
  listProjects,
  setSlotPosition,
} from "../domain/files/files";
import { type AppEnv, requireUser, signedIn, valid } from "./context";

export const filesApi = new Hono<AppEnv>()
  .get("/projects", signedIn, async (c) => {
    return c.json({ projects: await listProjects(c.get("deps"), requireUser(c.get("user")).id) });
  })
  .get("/projects/:projectId/files", signedIn, async (c) => {
    return c.json(await listProjectFiles(c.get("deps"), requireUser(c.get("user")).id, c.req.param("projectId")));
  })
  .delete("/projects/:projectId", signedIn, async (c) => {
    await deleteProject(c.get("deps"), requireUser(c.get("user")).id, c.req.param("projectId"));
    return c.body(null, 204);
  })
  // Public-read files are visible to anyone with the link; private ones to their owner only.
  .get("/files/:fileId", async (c) => {
    return c.json(await fileView(c.get("deps"), c.get("user")?.id ?? null, c.req.param("fileId")));
  })
  .post("/files/:fileId/download", async (c) => {
    return c.json({
      success: true,
      ...(await downloadUrl(c.get("deps"), c.get("user")?.id ?? null, c.req.param("fileId"))),
    });
  })
  .delete("/files/:fileId", signedIn, async (c) => {
    await deleteFile(c.get("deps"), requireUser(c.get("user")).id, c.req.param("fileId"));
    return c.body(null, 204);
  })
  .put("/files/:fileId/slot", signedIn, valid("json", slotPositionSchema), async (c) => {
    const { slotPosition } = c.req.valid("json");
    const result = await setSlotPosition(
      c.get("deps"),
      requireUser(c.get("user")).id,
      c.req.param("fileId"),
      slotPosition,
    );
    return c.json({ success: true, ...result });
  })
  .post("/files/:fileId/notes", signedIn, valid("json", noteSchema), async (c) => {
    const note = await addNote(
      c.get("deps"),
      requireUser(c.get("user")).id,
      c.req.param("fileId"),
      c.req.valid("json").note,
    );
    return c.json({ success: true, note }, 201);
  })
  .delete("/files/:fileId/notes/:noteId", signedIn, async (c) => {
    await deleteNote(c.get("deps"), requireUser(c.get("user")).id, c.req.param("fileId"), c.req.param("noteId"));
    return c.body(null, 204);
  });
