// Owns sessions: a random 128-bit id in an HttpOnly cookie, stored hashed in
// D1, one day long (seed 000 §9), rotated at every sign-in.
//
// The cookie also carries who the session is for and until when, signed with
// SESSION_SECRET (ADR 024): a cookie we did not issue, or whose time is up, is
// refused without asking D1, and a page can start its own reads for the
// claimed member while D1 confirms the session beside them. D1 stays the
// authority: nothing is answered on a claim D1 has not confirmed
// (`worker/http/page-session.ts`).
import { and, eq, fillPlaceholders, gt, type Placeholder, type SQL, sql } from "drizzle-orm";
import { boundedMap } from "./bounded-map";
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
  const known = verified.get(value);
  const claim = known?.secret === secret ? known.claim : await verifyClaim(secret, value);
  if (!claim || claim.expiresAt <= now) return null;
  // A copy: the remembered claim is shared by every request that carries this cookie.
  return { token: claim.token, user: { ...claim.user }, expiresAt: claim.expiresAt } satisfies SessionClaim;
}

/** Checks the signature and reads the claims (any time); remembers what verified. */
async function verifyClaim(secret: string, value: string): Promise<SessionClaim | null> {
  const parts = value.split(".");
  if (parts.length !== 3 || parts.some((part) => !part)) return null;
  const [token, claims, signature] = parts as [string, string, string];
  if (!timingSafeEqual(signature, await hmacSha256(secret, `${SESSION_COOKIE}.${token}.${claims}`))) return null;
  try {
    const { u, x } = JSON.parse(decoder.decode(fromBase64url(claims))) as { u: SessionUser; x: number };
    if (typeof x !== "number" || typeof u?.id !== "string") return null;
    const claim = { token, user: u, expiresAt: x } satisfies SessionClaim;
    verified.set(value, { secret, claim });
    return claim;
  } catch {
    return null;
  }
}

/**
 * Cookies this isolate has already verified, by their exact text: the same text under the same
 * secret always verifies the same way, so a member's next pages skip the HMAC and the parsing
 * (ADR 027). Only a cookie we signed gets in (a forged one fails the HMAC first). D1 still
 * confirms the session on every request (ADR 024): this saves the signature check, not the lookup.
 */
const verified = boundedMap<{ secret: string; claim: SessionClaim }>(1000);
/** The SHA-256 of recent session tokens (what D1 stores), for the lookups of their next requests. */
const tokenHashes = boundedMap<string>(1000);

async function tokenHash(token: string) {
  let hash = tokenHashes.get(token);
  if (hash === undefined) {
    hash = await sha256(token);
    tokenHashes.set(token, hash);
  }
  return hash;
}

/** D1's word on a session: its member as stored now, or null when it has ended or was signed out. */
export async function lookupSession(db: Database, token: string, now = Date.now()): Promise<SessionUser | null> {
  const [row] = await sessionLookup(db, await tokenHash(token), now);
  return row ?? null;
}

/**
 * The statement behind `lookupSession` (by the token's SHA-256), for callers that batch it with their
 * own reads. `extra`: columns read beside the member in the same statement (an offer's checks).
 */
export function sessionLookup(
  db: Database,
  idHash: string | Placeholder,
  now: number | Placeholder,
  extra: Record<string, SQL.Aliased> = {},
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
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, typeof now === "number" ? new Date(now) : now)))
    .limit(1);
}

/**
 * `sessionLookup` as one D1 statement, for a page to send in the batch of its first reads
 * (ADR 027); `sessionUserFrom` reads its row.
 */
export async function sessionLookupStatement(db: Database, token: string, now: number): Promise<D1PreparedStatement> {
  lookupQuery ??= builtSessionLookup(db);
  return bindSessionLookup(db, lookupQuery, token, now);
}

/** A session lookup's SQL and parameters as drizzle builds them, with named placeholders. */
export type BuiltLookup = { sql: string; params: unknown[] };

/**
 * `sessionLookup` (with `extra` columns) built into SQL with the placeholders `idHash` and
 * `expiresAfter`: built once per isolate and bound per request (`bindSessionLookup`), since
 * drizzle's query building is the costly part of a small statement (ADR 027).
 */
export function builtSessionLookup(db: Database, extra?: Record<string, SQL.Aliased>): BuiltLookup {
  return sessionLookup(db, sql.placeholder("idHash"), sql.placeholder("expiresAfter"), extra).toSQL();
}

/** A built session lookup as one D1 statement for `token` at `now`; `values` fill the extra columns' own placeholders. */
export async function bindSessionLookup(
  db: Database,
  query: BuiltLookup,
  token: string,
  now: number,
  values: Record<string, unknown> = {},
): Promise<D1PreparedStatement> {
  const params = fillPlaceholders(query.params, {
    ...values,
    idHash: await tokenHash(token),
    expiresAfter: sessions.expiresAt.mapToDriverValue(new Date(now)),
  });
  return db.$client.prepare(query.sql).bind(...params);
}

/** `sessionLookup`'s SQL, the same text for every request: drizzle builds it once per isolate (ADR 027). */
let lookupQuery: BuiltLookup | undefined;

/** The member of a `sessionLookupStatement` row (null: no live session). */
export function sessionUserFrom(row: Record<string, unknown> | null | undefined): SessionUser | null {
  if (!row) return null;
  return {
    id: row.id as string,
    name: row.name as string,
    username: row.username as string,
    email: row.email as string,
    role: row.role as SessionUser["role"],
    theme: typeof row.theme === "string" ? (JSON.parse(row.theme) as SessionUser["theme"]) : null,
  };
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
