// Sign-up with e-mail verification (seed 000 §4): the server makes the code,
// keeps only its HMAC for 10 minutes and 5 attempts, and creates the account
// only when the right code comes back.
import { eq, or, sql } from "drizzle-orm";
import {
  type CheckUserForm,
  EMAIL_TAKEN,
  INVALID_CODE,
  type SignupForm,
  USERNAME_TAKEN,
  VERIFICATION_EMAIL_FAILED,
  VERIFICATION_SENT,
  type VerifyForm,
} from "../../../app/kernel/schemas/accounts";
import { signups, users } from "../../db/schema";
import { hmacSha256, LINK_TOKEN, randomId, randomSixDigitCode, timingSafeEqual } from "../../security/crypto";
import { hashPassword } from "../../security/passwords";
import { takeAttempt } from "../../security/rate-limit";
import { createSession, type SessionUser } from "../../sessions";
import type { Caller, Deps } from "../deps";
import { Conflict, type FieldErrors, Invalid, Unavailable } from "../errors";

export const CODE_LIFETIME_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
const HOUR = 60 * 60 * 1000;

/** The only place a sign-up may lead other than home (seed 001 §2: beat battle hand-over). */
const CARRY_IN_DESTINATIONS = new Set(["/beatbattle"]);
/** An invitation to a project or program (issue 34): the invitee signs up, then accepts it. */
const INVITATION_PATH = new RegExp(`^/invitations/${LINK_TOKEN}$`);

export async function checkUser(deps: Deps, { email, username }: CheckUserForm): Promise<FieldErrors | null> {
  if (!email && !username) return null;
  const taken = await deps.db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(
      or(
        email ? eq(users.email, email) : undefined,
        username ? eq(sql`lower(${users.username})`, username.toLowerCase()) : undefined,
      ),
    );
  const errors: FieldErrors = {};
  if (email && taken.some((u) => u.email === email)) errors.email = [EMAIL_TAKEN];
  if (username && taken.some((u) => u.username.toLowerCase() === username.toLowerCase()))
    errors.username = [USERNAME_TAKEN];
  return Object.keys(errors).length ? errors : null;
}

function codeHash(deps: Deps, signupId: string, code: string) {
  return hmacSha256(deps.secret, `signup:${signupId}:${code}`);
}

/** Validates the form, checks uniqueness, e-mails a fresh code. Returns the pending sign-up's id. */
export async function startSignup(deps: Deps, form: SignupForm, caller: Caller) {
  await takeAttempt(
    deps.db,
    [
      { scope: "signup-email", subject: form.email, max: 5, windowMs: HOUR },
      { scope: "signup-client", subject: caller.clientId, max: 30, windowMs: HOUR },
    ],
    deps.now(),
  );
  const taken = await checkUser(deps, { email: form.email, username: form.username });
  if (taken) throw new Conflict(Object.values(taken).flat()[0]!, taken);

  const signupId = randomId(16);
  const code = randomSixDigitCode();
  await deps.db.insert(signups).values({
    id: signupId,
    name: form.name,
    username: form.username,
    email: form.email,
    passwordHash: await hashPassword(form.password),
    codeHash: await codeHash(deps, signupId, code),
    next: form.next && (CARRY_IN_DESTINATIONS.has(form.next) || INVITATION_PATH.test(form.next)) ? form.next : null,
    expiresAt: new Date(deps.now() + CODE_LIFETIME_MS),
  });
  try {
    await deps.mail.send({
      to: form.email,
      subject: "Your verification code",
      text: `Hello ${form.name},\n\nYour verification code is ${code}.\nIt expires in 10 minutes.\n\nIf you did not sign up, ignore this message.`,
    });
  } catch (error) {
    // No code reached the member: the pending sign-up goes, and the form says so (seed 000 §8).
    console.error(error);
    await deps.db.delete(signups).where(eq(signups.id, signupId));
    throw new Unavailable(VERIFICATION_EMAIL_FAILED);
  }
  return { signupId, message: VERIFICATION_SENT };
}

/**
 * Checks the code; on success creates the user, signs them in and returns the
 * session token and where to go. Every wrong, expired or exhausted code
 * answers the same 'Invalid verification code.'.
 */
export async function verifySignup(deps: Deps, { signupId, code }: VerifyForm, caller: Caller) {
  await takeAttempt(
    deps.db,
    [{ scope: "verify-client", subject: caller.clientId, max: 30, windowMs: 15 * 60 * 1000 }],
    deps.now(),
  );

  // Count the attempt before comparing, atomically, so parallel guesses cannot exceed the limit.
  const [pending] = await deps.db
    .update(signups)
    .set({ attempts: sql`${signups.attempts} + 1` })
    .where(eq(signups.id, signupId))
    .returning();
  if (!pending || pending.attempts > MAX_CODE_ATTEMPTS || pending.expiresAt.getTime() <= deps.now()) {
    throw new Invalid(INVALID_CODE, { code: [INVALID_CODE] });
  }
  if (!timingSafeEqual(await codeHash(deps, signupId, code), pending.codeHash)) {
    throw new Invalid(INVALID_CODE, { code: [INVALID_CODE] });
  }

  const taken = await checkUser(deps, { email: pending.email, username: pending.username });
  if (taken) throw new Conflict(Object.values(taken).flat()[0]!, taken);

  const userId = crypto.randomUUID();
  const role: SessionUser["role"] = pending.email === deps.adminEmail ? "admin" : "user";
  await deps.db.batch([
    deps.db.insert(users).values({
      id: userId,
      name: pending.name,
      username: pending.username,
      email: pending.email,
      passwordHash: pending.passwordHash,
      role,
      verified: true,
    }),
    deps.db.delete(signups).where(eq(signups.email, pending.email)),
  ]);
  const user = { id: userId, name: pending.name, username: pending.username, email: pending.email, role };
  const token = await createSession(deps.db, deps.secret, user, deps.now());
  return { token, next: pending.next ?? "/authenticated", user };
}
