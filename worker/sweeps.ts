// Periodic clean-up (Cron Trigger): expired sessions, sign-ups and rate-limit windows.
import { lt } from "drizzle-orm";
import { database } from "./db/client";
import { rateLimits, sessions, signups } from "./db/schema";

export async function runSweeps(env: Env, now = Date.now()) {
  const db = database(env.DB);
  const cutoff = new Date(now);
  await db.batch([
    db.delete(sessions).where(lt(sessions.expiresAt, cutoff)),
    db.delete(signups).where(lt(signups.expiresAt, cutoff)),
    db.delete(rateLimits).where(lt(rateLimits.expiresAt, cutoff)),
  ]);
}
