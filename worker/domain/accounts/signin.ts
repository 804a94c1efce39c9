import { eq } from "drizzle-orm";
import { SIGN_IN_UNSUCCESSFUL, type SigninForm } from "../../../app/lib/schemas/accounts";
import { users } from "../../db/schema";
import { decoyHash, verifyPassword } from "../../security/passwords";
import { clearAttempts, takeAttempt } from "../../security/rate-limit";
import { createSession, type SessionUser } from "../../sessions";
import type { Caller, Deps } from "../deps";
import { Unauthenticated } from "../errors";

const WINDOW = 15 * 60 * 1000;
export const SIGNIN_LIMIT_PER_ACCOUNT = 10;
export const SIGNIN_LIMIT_PER_CLIENT = 50;

/** Checks the credentials and opens a new session (the caller drops any old one: rotation). */
export async function signIn(
  deps: Deps,
  { email, password }: SigninForm,
  caller: Caller,
): Promise<{ user: SessionUser; token: string }> {
  await takeAttempt(
    deps.db,
    [
      { scope: "signin-account", subject: email, max: SIGNIN_LIMIT_PER_ACCOUNT, windowMs: WINDOW },
      { scope: "signin-client", subject: caller.clientId, max: SIGNIN_LIMIT_PER_CLIENT, windowMs: WINDOW },
    ],
    deps.now(),
  );

  const [user] = await deps.db.select().from(users).where(eq(users.email, email)).limit(1);
  const ok = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !ok) throw new Unauthenticated(SIGN_IN_UNSUCCESSFUL);

  await clearAttempts(deps.db, { scope: "signin-account", subject: email, windowMs: WINDOW }, deps.now());
  const token = await createSession(deps.db, user.id, deps.now());
  return {
    token,
    user: { id: user.id, name: user.name, username: user.username, email: user.email, role: user.role },
  };
}
