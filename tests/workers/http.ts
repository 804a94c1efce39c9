// Helpers for integration tests that drive the whole Worker through SELF,
// exactly as a browser or API client would.
import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { desc, eq } from "drizzle-orm";
import { database } from "../../worker/db/client";
import { devOutbox, users } from "../../worker/db/schema";

export const ORIGIN = "http://localhost";

export interface CallOptions {
  method?: string;
  json?: unknown;
  body?: BodyInit;
  cookie?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export function call(path: string, { method, json, body, cookie, ip, headers = {} }: CallOptions = {}) {
  const h = new Headers(headers);
  if (json !== undefined) h.set("content-type", "application/json");
  if (cookie) h.set("cookie", cookie);
  if (ip) h.set("cf-connecting-ip", ip);
  const m = method ?? (json !== undefined || body !== undefined ? "POST" : "GET");
  if (m !== "GET" && !h.has("origin")) h.set("origin", ORIGIN);
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: m,
    headers: h,
    body: json !== undefined ? JSON.stringify(json) : body,
    redirect: "manual",
  });
}

/** The `name=value` part of a Set-Cookie header, ready to send back. */
export function cookieFrom(response: Response, name = "sid"): string {
  const header = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!header) throw new Error(`no ${name} cookie in response`);
  return header.split(";")[0]!;
}

/** The newest e-mail in the dev outbox to this address, if any. */
export async function latestMail(to: string) {
  const [mail] = await database(env.DB)
    .select()
    .from(devOutbox)
    .where(eq(devOutbox.to, to.toLowerCase()))
    .orderBy(desc(devOutbox.id))
    .limit(1);
  return mail;
}

export async function latestCode(to: string): Promise<string> {
  const mail = await latestMail(to);
  const code = mail?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

let counter = 0;
export function uniqueUser(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    name: `Tester ${tag}`,
    username: `tester_${tag}`,
    email: `tester-${tag}@example.com`,
    password: "correct horse battery",
    passwordA: "correct horse battery",
    ...overrides,
  };
}

/** Signs a new member up through the API and returns their session cookie. */
export async function signUp(overrides: Record<string, unknown> = {}, ip = "198.51.100.1") {
  const form = uniqueUser(overrides);
  const started = await call("/api/signup", { json: form, ip });
  if (started.status !== 202) throw new Error(`signup failed: ${started.status} ${await started.text()}`);
  const { signupId } = await started.json<{ signupId: string }>();
  const verified = await call("/api/signup/verify", { json: { signupId, code: await latestCode(form.email) }, ip });
  if (verified.status !== 201) throw new Error(`verify failed: ${verified.status} ${await verified.text()}`);
  const { user } = await verified.json<{ user: { id: string; role: string } }>();
  return { form, user, cookie: cookieFrom(verified) };
}

export type Member = Awaited<ReturnType<typeof signUp>>;

/** A member promoted to admin in the database (the only way to become one). */
export async function signUpAdmin(overrides: Record<string, unknown> = {}, ip?: string): Promise<Member> {
  const admin = await signUp(overrides, ip);
  await database(env.DB).update(users).set({ role: "admin" }).where(eq(users.id, admin.user.id));
  return { ...admin, user: { ...admin.user, role: "admin" } };
}
