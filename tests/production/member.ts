// A member for the production project: written to D1 and signed in through the API (production
// mails sign-up codes through the mail provider, which these tests do not reach).
import { env } from "cloudflare:workers";
import { database } from "../../worker/db/client";
import { users } from "../../worker/db/schema";
import { hashPassword } from "../../worker/security/passwords";
import { call, cookieFrom } from "../workers/http";

let n = 0;

export async function signedInMember() {
  n += 1;
  const tag = `${Date.now().toString(36)}${n}`;
  const email = `prod-${tag}@example.com`;
  const password = "correct horse battery";
  const id = `u-prod-${tag}`;
  await database(env.DB)
    .insert(users)
    .values({
      id,
      name: `Prod ${tag}`,
      username: `prod_${tag}`,
      email,
      passwordHash: await hashPassword(password, 1_000),
      verified: true,
    });
  const response = await call("/api/session", { json: { email, password } });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return { id, email, password, cookie: cookieFrom(response) };
}
