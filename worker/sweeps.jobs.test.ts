// A job whose renderer died mid-way (issue 13, "jobs longer than the platform allows"): once its
// lease has lapsed and every delivery is used (ADR 033; earlier deliveries are leased again, see
// worker/jobs/pull.test.ts), the sweep fails it through its own kind, so the record the page polls
// ends too, with a reason.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, signUp } from "../tests/workers/http";
import { addToPlaylist, playlistOf, projectWith } from "../tests/workers/playlists";
import { database } from "./db/client";
import { files, jobs, renders } from "./db/schema";
import { MAX_DELIVERIES } from "./jobs/dev-queue";
import { LEASE_LAPSE_MS } from "./jobs/progress";
import { runSweeps } from "./sweeps";

const db = database(env.DB);

describe("the stale-job sweep", () => {
  it("fails a render and a probe whose renderer was killed mid-way on their last delivery: job, render and file all end 'failed' with a reason", async () => {
    const { cookie } = await signUp();
    const { projectId, fileIds } = await projectWith(cookie, ["audio"]);
    await addToPlaylist(cookie, projectId, fileIds);
    const playlist = await playlistOf(cookie, projectId);
    const started = await call("/api/renders", { cookie, json: { playlistIds: [playlist.id] } });
    expect(started.status).toBe(202);
    const renderId = (await started.json<any>()).renders[0].renderId as string;

    // The renderer took both jobs, reported once, then was killed: nothing reports any more.
    const [probe] = await db.select().from(jobs).where(eq(jobs.kind, "probe")).orderBy(jobs.createdAt).limit(1);
    const lastHeard = new Date(Date.now() - LEASE_LAPSE_MS - 1_000);
    const attempts = MAX_DELIVERIES;
    await db
      .update(jobs)
      .set({ status: "running", progress: 40, updatedAt: lastHeard, attempts })
      .where(eq(jobs.id, renderId));
    await db.update(renders).set({ status: "running" }).where(eq(renders.id, renderId));
    const probeTarget = (probe!.input as { id: string }).id;
    await db.update(jobs).set({ status: "running", updatedAt: lastHeard, attempts }).where(eq(jobs.id, probe!.id));
    await db.update(files).set({ probeStatus: "running" }).where(eq(files.id, probeTarget));

    await runSweeps(env);

    const [job] = await db.select().from(jobs).where(eq(jobs.id, renderId));
    expect(job).toMatchObject({ status: "failed" });
    expect(job!.error).toMatch(/stopped answering/);
    const [render] = await db.select().from(renders).where(eq(renders.id, renderId));
    expect(render).toMatchObject({ status: "failed" });
    expect(render!.error).toMatch(/stopped answering/);
    const [probeJob] = await db.select().from(jobs).where(eq(jobs.id, probe!.id));
    expect(probeJob!.status).toBe("failed");
    const [file] = await db.select().from(files).where(eq(files.id, probeTarget));
    expect(file!.probeStatus).toBe("failed");
  });
});
