// Owns sessions: a random 128-bit id in an HttpOnly cookie, stored hashed in
// D1, one day long (seed 000 §9), rotated at every sign-in.
import { and, eq, gt } from "drizzle-orm";
import type { Database } from "./db/client";
import { sessions, type User, users } from "./db/schema";
import { readCookie, serializeCookie } from "./http/cookies";
import { randomId, sha256 } from "./security/crypto";

export const SESSION_COOKIE = "sid";
export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

export type SessionUser = Pick<User, "id" | "name" | "username" | "email" | "role"> & { theme?: User["theme"] };

export async function createSession(db: Database, userId: string, now = Date.now()) {
  const token = randomId(16);
  await db.insert(sessions).values({
    idHash: await sha256(token),
    userId,
    expiresAt: new Date(now + SESSION_LIFETIME_MS),
  });
  return token;
}

export async function readSessionUser(db: Database, request: Request, now = Date.now()): Promise<SessionUser | null> {
  const token = readCookie(request, SESSION_COOKIE);
  if (!token) return null;
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      email: users.email,
      role: users.role,
      theme: users.theme,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, await sha256(token)), gt(sessions.expiresAt, new Date(now))))
    .limit(1);
  return row ?? null;
}

export async function destroySession(db: Database, request: Request): Promise<void> {
  const token = readCookie(request, SESSION_COOKIE);
  if (token) await db.delete(sessions).where(eq(sessions.idHash, await sha256(token)));
}

export function sessionCookie(request: Request, token: string): string {
  return serializeCookie(request, SESSION_COOKIE, token, { maxAgeSeconds: SESSION_LIFETIME_MS / 1000 });
}

export function clearedSessionCookie(request: Request): string {
  return serializeCookie(request, SESSION_COOKIE, "", { maxAgeSeconds: 0 });
}
