import { eq } from "drizzle-orm";
import { SIGN_IN_UNSUCCESSFUL, type SigninForm } from "../../../app/kernel/schemas/accounts";
import { users } from "../../db/schema";
import { deviceToken, trustedDevice } from "../../security/device";
import { decoyHash, verifyPassword } from "../../security/passwords";
import { clearAttempts, type Limit, takeAttempt } from "../../security/rate-limit";
import { createSession, type SessionUser } from "../../sessions";
import type { Caller, Deps } from "../deps";
import { Unauthenticated } from "../errors";

const WINDOW = 15 * 60 * 1000;
export const SIGNIN_LIMIT_PER_ACCOUNT = 10;
export const SIGNIN_LIMIT_PER_CLIENT = 50;
/** Attempts of one trusted device (a browser that signed in to the account before). */
export const SIGNIN_LIMIT_PER_DEVICE = 10;

/**
 * Checks the credentials and opens a new session (the caller drops any old one: rotation).
 * Unknown clients share the account's limit; a client with the account's device cookie is counted
 * on its own instead (OWASP device cookies), so strangers cannot lock the owner's browser out.
 * Every client also has its own limit across accounts. A success hands out a fresh device token.
 */
export async function signIn(
  deps: Deps,
  { email, password }: SigninForm,
  caller: Caller,
): Promise<{ user: SessionUser; token: string; deviceToken: string }> {
  const device = await trustedDevice(deps.secret, caller.deviceToken, email);
  const own: Omit<Limit, "max"> = device
    ? { scope: "signin-device", subject: `${email}:${device}`, windowMs: WINDOW }
    : { scope: "signin-account", subject: email, windowMs: WINDOW };
  await takeAttempt(
    deps.db,
    [
      { ...own, max: device ? SIGNIN_LIMIT_PER_DEVICE : SIGNIN_LIMIT_PER_ACCOUNT },
      { scope: "signin-client", subject: caller.clientId, max: SIGNIN_LIMIT_PER_CLIENT, windowMs: WINDOW },
    ],
    deps.now(),
  );

  const [user] = await deps.db.select().from(users).where(eq(users.email, email)).limit(1);
  const ok = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !ok) throw new Unauthenticated(SIGN_IN_UNSUCCESSFUL);

  await clearAttempts(deps.db, own, deps.now());
  const member = { id: user.id, name: user.name, username: user.username, email: user.email, role: user.role };
  const token = await createSession(deps.db, deps.secret, { ...member, theme: user.theme }, deps.now());
  return { token, deviceToken: await deviceToken(deps.secret, email), user: member };
}
