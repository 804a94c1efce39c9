// Background jobs: their owner polls the status; the renderer claims the jobs
// it pulled and reports progress and the outcome (ADR 014).
import { z } from "zod";
import { isDevelopment } from "../config";
import { Conflict, Forbidden, NotFound } from "../domain/errors";
import { ackMessages, ackRequest, pullMessages, pullRequest } from "../jobs/dev-queue";
import { isJobToken } from "../jobs/progress";
import { applyReport, claimJob, jobReport } from "../jobs/reports";
import { jobStatus } from "../jobs/status";
import { memberApi, publicApi, valid } from "./context";

const status = memberApi((app) =>
  app.get("/jobs/:jobId", async (c) => c.json(await jobStatus(c.var.deps, c.var.user.id, c.req.param("jobId")))),
);

const signed = valid("query", z.object({ token: z.string().max(100) }));
/** A report names its attempt (ADR 033): the lease's fencing token, signed with the job id. */
const attemptSigned = valid(
  "query",
  z.object({ token: z.string().max(100), attempt: z.coerce.number().int().min(1).max(1_000_000) }),
);

// The renderer's calls: authorised by the job's signed tokens (claim, callback), not a session.
const renderer = publicApi()
  .post("/jobs/:jobId/claim", signed, async (c) => {
    const { deps } = c.var;
    if (!(await isJobToken(deps.secret, "claim", c.req.param("jobId"), c.req.valid("query").token)))
      throw new Forbidden();
    const claimed = await claimJob(deps, c.req.param("jobId"));
    if (!claimed) throw new Conflict("The job has already ended.", undefined, "job_ended");
    return c.json(claimed);
  })
  .post("/jobs/:jobId/progress", attemptSigned, valid("json", jobReport), async (c) => {
    const { deps } = c.var;
    const { token, attempt } = c.req.valid("query");
    if (!(await isJobToken(deps.secret, "progress", c.req.param("jobId"), token, attempt))) throw new Forbidden();
    const outcome = await applyReport(deps, c.req.param("jobId"), attempt, c.req.valid("json"));
    // A superseded attempt is refused: the renderer stops it, and its output was discarded.
    if (outcome === "superseded")
      throw new Conflict("Another attempt of this job holds its lease.", undefined, "attempt_superseded");
    // A report on a job that has ended changes nothing and is answered as accepted, so the renderer acks its message.
    return outcome === "applied" ? c.body(null, 204) : c.json({ ignored: true, reason: "The job has already ended." });
  });

// Development's stand-in for the renderer's Cloudflare pull queue (worker/jobs/dev-queue.ts), in the same shapes.
const devQueue = publicApi()
  .use("/render-queue/*", async (c, next) => {
    if (!isDevelopment(c.env)) throw new NotFound();
    await next();
  })
  .post("/render-queue/messages/pull", valid("json", pullRequest), async (c) =>
    c.json({ success: true, errors: [], result: await pullMessages(c.env, c.var.deps, c.req.valid("json")) }),
  )
  .post("/render-queue/messages/ack", valid("json", ackRequest), async (c) =>
    c.json({ success: true, errors: [], result: await ackMessages(c.var.deps, c.req.valid("json")) }),
  );

export const jobsApi = publicApi().route("/", status).route("/", renderer).route("/", devQueue);
