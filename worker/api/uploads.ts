// The upload calls (seed 000 §7 new-s3-url / save-file-keys and friends, one
// module for every upload in the product).
import { Hono } from "hono";
import { uploadPartSchema, uploadRequestSchema } from "../../app/lib/schemas/files";
import { abortUpload, completeUpload, recordPart, requestUpload, resumeUpload } from "../domain/uploads/uploads";
import { type AppEnv, requireUser, signedIn, valid } from "./context";

export const uploadsApi = new Hono<AppEnv>()
  .use("/uploads/*", signedIn)
  .use("/uploads", signedIn)
  .post("/uploads", valid("json", uploadRequestSchema), async (c) => {
    const user = requireUser(c.get("user"));
    return c.json(await requestUpload(c.get("deps"), user.id, c.req.valid("json")), 201);
  })
  .get("/uploads/:uploadId", async (c) => {
    const user = requireUser(c.get("user"));
    return c.json(await resumeUpload(c.get("deps"), user.id, c.req.param("uploadId")));
  })
  .post("/uploads/:uploadId/parts", valid("json", uploadPartSchema), async (c) => {
    const user = requireUser(c.get("user"));
    await recordPart(c.get("deps"), user.id, c.req.param("uploadId"), c.req.valid("json"));
    return c.body(null, 204);
  })
  .post("/uploads/:uploadId/complete", async (c) => {
    const user = requireUser(c.get("user"));
    const record = await completeUpload(c.get("deps"), user.id, c.req.param("uploadId"));
    return c.json({ message: "Upload successful!", ...record }, 201);
  })
  .delete("/uploads/:uploadId", async (c) => {
    const user = requireUser(c.get("user"));
    await abortUpload(c.get("deps"), user.id, c.req.param("uploadId"));
    return c.body(null, 204);
  });
