// The renderer reports progress to a per-job URL signed with the app's secret.
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { jobs, renders } from "../db/schema";
import { hmacSha256, timingSafeEqual } from "../security/crypto";

export async function progressToken(secret: string, jobId: string) {
  return hmacSha256(secret, `progress:${jobId}`);
}

export async function progressUrl(origin: string, secret: string, jobId: string) {
  return `${origin}/api/jobs/${jobId}/progress?token=${await progressToken(secret, jobId)}`;
}

export async function isProgressToken(secret: string, jobId: string, token: string) {
  return timingSafeEqual(await progressToken(secret, jobId), token);
}

export async function recordProgress(db: Database, jobId: string, progress: number) {
  const percent = Math.max(0, Math.min(99, Math.round(progress)));
  await db.batch([
    db.update(jobs).set({ progress: percent }).where(eq(jobs.id, jobId)),
    db.update(renders).set({ progress: percent, status: "running" }).where(eq(renders.id, jobId)),
  ]);
}
