// 'Early Risers' community sign-ups (seed 001 §7 `/add-farmer`). Bots are kept
// out three ways: a honeypot field, a signed start stamp that refuses forms
// sent faster than a person can type, and a per-client rate limit. The same
// e-mail twice updates the one row (a unique index decides, not a read).
import { desc, sql } from "drizzle-orm";
import {
  BOT_DETECTED,
  COMMUNITY_JOINED,
  COMMUNITY_UPDATED,
  type CommunityForm,
  communitySchema,
  HONEYPOT_FIELD,
  MIN_FILL_MS,
  STARTED_FIELD,
  TOO_FAST,
} from "../../../app/kernel/schemas/community";
import { communitySignups } from "../../db/schema";
import { hmacSha256, timingSafeEqual } from "../../security/crypto";
import { takeAttempt } from "../../security/rate-limit";
import type { Caller, Deps } from "../deps";
import { Invalid } from "../errors";
import { parse } from "../validation";

const HOUR = 60 * 60 * 1000;
/** A form left open longer than this must be reloaded (its stamp is refused). */
const STAMP_LIFETIME_MS = 24 * HOUR;
export const COMMUNITY_RATE_LIMIT = { max: 10, windowMs: HOUR };

/** The stamp a form carries: when it was shown, signed so it cannot be backdated. */
export async function formStamp(deps: Pick<Deps, "secret" | "now">): Promise<string> {
  const at = String(deps.now());
  return `${at}.${await hmacSha256(deps.secret, `community-form:${at}`)}`;
}

async function stampedAt(deps: Pick<Deps, "secret">, stamp: string | undefined): Promise<number | null> {
  const [at, signature] = (stamp ?? "").split(".");
  if (!at || !signature || !/^\d{1,15}$/.test(at)) return null;
  const expected = await hmacSha256(deps.secret, `community-form:${at}`);
  return timingSafeEqual(signature, expected) ? Number(at) : null;
}

export async function joinCommunity(deps: Deps, caller: Caller, input: Record<string, unknown>) {
  if (typeof input[HONEYPOT_FIELD] === "string" && input[HONEYPOT_FIELD].trim() !== "") {
    throw new Invalid(BOT_DETECTED, { [HONEYPOT_FIELD]: [BOT_DETECTED] });
  }
  await takeAttempt(
    deps.db,
    [{ scope: "community-client", subject: caller.clientId, ...COMMUNITY_RATE_LIMIT }],
    deps.now(),
  );
  const shownAt = await stampedAt(deps, typeof input[STARTED_FIELD] === "string" ? input[STARTED_FIELD] : undefined);
  const elapsed = shownAt === null ? -1 : deps.now() - shownAt;
  if (elapsed < MIN_FILL_MS || elapsed > STAMP_LIFETIME_MS) throw new Invalid(TOO_FAST, { _: [TOO_FAST] });

  const form: CommunityForm = parse(communitySchema, input);
  const id = crypto.randomUUID();
  const now = new Date(deps.now());
  const [row] = await deps.db
    .insert(communitySignups)
    .values({ id, ...form, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: communitySignups.email,
      set: { name: form.name, message: form.message, updatedAt: now },
    })
    .returning({ id: communitySignups.id });
  // The e-mail's row keeps its first id when it is updated: a row with another id was already there.
  const updated = row!.id !== id;
  return { success: true as const, updated, message: updated ? COMMUNITY_UPDATED : COMMUNITY_JOINED };
}

/** The admin's list, newest first (bounded). */
export async function listCommunitySignups(deps: Pick<Deps, "db">, limit = 500) {
  return deps.db
    .select({
      id: communitySignups.id,
      name: communitySignups.name,
      email: communitySignups.email,
      message: communitySignups.message,
      createdAt: communitySignups.createdAt,
      updatedAt: communitySignups.updatedAt,
    })
    .from(communitySignups)
    .orderBy(desc(sql`max(${communitySignups.createdAt}, ${communitySignups.updatedAt})`))
    .limit(limit);
}
