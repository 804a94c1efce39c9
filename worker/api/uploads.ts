// The upload calls (seed 000 §7 new-s3-url / save-file-keys and friends, one
// module for every upload in the product).
import { uploadPartSchema, uploadRequestSchema } from "../../app/kernel/schemas/files";
import { abortUpload, completeUpload, recordPart, requestUpload, resumeUpload } from "../domain/uploads/uploads";
import { memberApi, valid } from "./context";

export const uploadsApi = memberApi((app) =>
  app
    .post("/uploads", valid("json", uploadRequestSchema), async (c) =>
      c.json(await requestUpload(c.var.deps, c.var.user.id, c.req.valid("json")), 201),
    )
    .get("/uploads/:uploadId", async (c) =>
      c.json(await resumeUpload(c.var.deps, c.var.user.id, c.req.param("uploadId"))),
    )
    .post("/uploads/:uploadId/parts", valid("json", uploadPartSchema), async (c) => {
      await recordPart(c.var.deps, c.var.user.id, c.req.param("uploadId"), c.req.valid("json"));
      return c.body(null, 204);
    })
    .post("/uploads/:uploadId/complete", async (c) => {
      const record = await completeUpload(c.var.deps, c.var.user.id, c.req.param("uploadId"));
      return c.json({ message: "Upload successful!", ...record }, 201);
    })
    .delete("/uploads/:uploadId", async (c) => {
      await abortUpload(c.var.deps, c.var.user.id, c.req.param("uploadId"));
      return c.body(null, 204);
    }),
);
