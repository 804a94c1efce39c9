// Background jobs: their owner polls the status; the renderer reports progress.
import { z } from "zod";
import { Forbidden } from "../domain/errors";
import { isProgressToken, recordProgress } from "../jobs/progress";
import { jobStatus } from "../jobs/status";
import { memberApi, publicApi, valid } from "./context";

const status = memberApi((app) =>
  app.get("/jobs/:jobId", async (c) => c.json(await jobStatus(c.var.deps, c.var.user.id, c.req.param("jobId")))),
);

// The renderer's progress reports: authorised by the job's signed token, not a session.
const progress = publicApi().post(
  "/jobs/:jobId/progress",
  valid("query", z.object({ token: z.string().max(100) })),
  valid("json", z.object({ progress: z.number().min(0).max(100) }).loose()),
  async (c) => {
    const { deps } = c.var;
    if (!(await isProgressToken(deps.secret, c.req.param("jobId"), c.req.valid("query").token))) throw new Forbidden();
    await recordProgress(deps.db, c.req.param("jobId"), c.req.valid("json").progress);
    return c.body(null, 204);
  },
);

export const jobsApi = publicApi().route("/", status).route("/", progress);
