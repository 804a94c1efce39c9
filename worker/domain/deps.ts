// What the domain needs from the outside world, built once per request.
import { database, type Database } from "../db/client";
import { mailSender, type MailSender } from "../mail";

export interface Deps {
  db: Database;
  mail: MailSender;
  /** Keys the HMAC of verification codes and upload tokens. */
  secret: string;
  adminEmail: string;
  now: () => number;
}

export function makeDeps(env: Env): Deps {
  if (!env.SESSION_SECRET) throw new Error("SESSION_SECRET is not set");
  const db = database(env.DB);
  return {
    db,
    get mail() {
      return mailSender(env, db);
    },
    secret: env.SESSION_SECRET,
    adminEmail: env.ADMIN_EMAIL.trim().toLowerCase(),
    now: Date.now,
  };
}

/** Who is asking: the signed-in user (if any) and the client's address, for rate limits. */
export interface Caller {
  clientId: string;
}
