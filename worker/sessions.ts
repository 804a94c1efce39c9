// Owns sessions: a random 128-bit id in an HttpOnly cookie, stored hashed in
// D1, one day long (seed 000 §9), rotated at every sign-in.
//
// The cookie also carries who the session is for and until when, signed with
// SESSION_SECRET (ADR 024): a cookie we did not issue, or whose time is up, is
// refused without asking D1, and a page can start its own reads for the
// claimed member while D1 confirms the session beside them. D1 stays the
// authority: nothing is answered on a claim D1 has not confirmed
// (`worker/http/page-session.ts`).
import { and, eq, gt, type SQL } from "drizzle-orm";
import type { Database } from "./db/client";
import { sessions, type User, users } from "./db/schema";
import { readCookie, serializeCookie } from "./http/cookies";
import { base64url, fromBase64url, hmacSha256, randomId, sha256, timingSafeEqual } from "./security/crypto";

export const SESSION_COOKIE = "sid";
export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

export type SessionUser = Pick<User, "id" | "name" | "username" | "email" | "role"> & { theme?: User["theme"] };

/** What a session cookie says, trusted only as far as its signature goes (no D1). */
export interface SessionClaim {
  /** The random id; D1 holds its SHA-256. */
  token: string;
  user: SessionUser;
  expiresAt: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Opens a session in D1 and answers the cookie's value (`sessionCookie` sends it). */
export async function createSession(db: Database, secret: string, user: SessionUser, now = Date.now()) {
  const token = randomId(16);
  const expiresAt = now + SESSION_LIFETIME_MS;
  await db.insert(sessions).values({ idHash: await sha256(token), userId: user.id, expiresAt: new Date(expiresAt) });
  return sealSession(secret, { token, user, expiresAt });
}

/** `<token>.<claims>.<signature>`: the claims are base64url JSON of the member and the end time. */
export async function sealSession(secret: string, claim: SessionClaim): Promise<string> {
  const claims = base64url(encoder.encode(JSON.stringify({ u: canonicalUser(claim.user), x: claim.expiresAt })));
  const body = `${claim.token}.${claims}`;
  return `${body}.${await hmacSha256(secret, `${SESSION_COOKIE}.${body}`)}`;
}

/** The cookie's claim when we signed it and its time is not up; null (no D1 asked) for anything else. */
export async function readSessionClaim(secret: string, request: Request, now = Date.now()) {
  const value = readCookie(request, SESSION_COOKIE);
  if (!value) return null;
  const claim = await verifyClaim(secret, value);
  return claim && claim.expiresAt > now ? claim : null;
}

/** Checks the signature and reads the claims (any time). */
async function verifyClaim(secret: string, value: string): Promise<SessionClaim | null> {
  const parts = value.split(".");
  if (parts.length !== 3 || parts.some((part) => !part)) return null;
  const [token, claims, signature] = parts as [string, string, string];
  if (!timingSafeEqual(signature, await hmacSha256(secret, `${SESSION_COOKIE}.${token}.${claims}`))) return null;
  try {
    const { u, x } = JSON.parse(decoder.decode(fromBase64url(claims))) as { u: SessionUser; x: number };
    if (typeof x !== "number" || typeof u?.id !== "string") return null;
    return { token, user: u, expiresAt: x };
  } catch {
    return null;
  }
}

/** D1's word on a session: its member as stored now, or null when it has ended or was signed out. */
export async function lookupSession(db: Database, token: string, now = Date.now()): Promise<SessionUser | null> {
  return lookupSessionWith(db, token, now, {});
}

/** `lookupSession` with `extra` columns answered by the same statement (see `sessionLookup`). */
export async function lookupSessionWith<Extra extends Record<string, SQL.Aliased>>(
  db: Database,
  token: string,
  now: number,
  extra: Extra,
) {
  const [row] = await sessionLookup(db, await sha256(token), now, extra);
  return row ?? null;
}

/**
 * The one statement that confirms a session (by the token's SHA-256, as D1 stores it): its member
 * as stored now. `extra`: columns answered beside the member by the same statement (an offer's
 * checks, ADR 028; a page's header facts, ADR 064), so a caller that needs them waits on D1 once.
 */
export function sessionLookup<Extra extends Record<string, SQL.Aliased>>(
  db: Database,
  idHash: string,
  now: number,
  extra: Extra = {} as Extra,
) {
  return db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      email: users.email,
      role: users.role,
      theme: users.theme,
      ...extra,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, new Date(now))))
    .limit(1);
}

/** The session's member, confirmed by D1; a cookie we did not sign never reaches D1. */
export async function readSessionUser(
  db: Database,
  secret: string,
  request: Request,
  now = Date.now(),
): Promise<SessionUser | null> {
  const claim = await readSessionClaim(secret, request, now);
  return claim ? lookupSession(db, claim.token, now) : null;
}

/** The fields a claim holds, in one order (theme keys sorted), so two readings compare as text. */
function canonicalUser(user: SessionUser): SessionUser {
  const theme = user.theme
    ? (Object.fromEntries(
        Object.entries(user.theme).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      ) as SessionUser["theme"])
    : null;
  return { id: user.id, name: user.name, username: user.username, email: user.email, role: user.role, theme };
}

/** Does D1's member match what the cookie claimed, field for field? */
export function sameSessionUser(stored: SessionUser | null, claimed: SessionUser): stored is SessionUser {
  return stored !== null && JSON.stringify(canonicalUser(stored)) === JSON.stringify(canonicalUser(claimed));
}

export async function destroySession(db: Database, request: Request): Promise<void> {
  const token = readCookie(request, SESSION_COOKIE)?.split(".")[0];
  if (token) await db.delete(sessions).where(eq(sessions.idHash, await sha256(token)));
}

/** The Set-Cookie for a sealed value; it lasts as long as the session it names. */
export function sessionCookie(request: Request, value: string, now = Date.now()): string {
  let expiresAt = now + SESSION_LIFETIME_MS;
  try {
    expiresAt = JSON.parse(decoder.decode(fromBase64url(value.split(".")[1] ?? ""))).x ?? expiresAt;
  } catch {
    // Not one of ours: it gets the full lifetime and is refused when read.
  }
  const maxAgeSeconds = Math.max(0, Math.round((expiresAt - now) / 1000));
  return serializeCookie(request, SESSION_COOKIE, value, { maxAgeSeconds });
}

export function clearedSessionCookie(request: Request): string {
  return serializeCookie(request, SESSION_COOKIE, "", { maxAgeSeconds: 0 });
}
