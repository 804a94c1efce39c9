import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, cookieFrom, latestCode, signUp, uniqueUser } from "../../tests/workers/http";
import { database } from "../db/client";
import { sessions, signups, users } from "../db/schema";

const db = database(env.DB);

async function startSignup(form: Record<string, unknown>, ip = "203.0.113.10") {
  const response = await call("/api/signup", { json: form, ip });
  return { response, body: await response.json<any>() };
}

describe("sign-up with e-mail verification", () => {
  it("mails a server-made six-digit code and creates the account only with it", async () => {
    const form = uniqueUser();
    const { response, body } = await startSignup(form);
    expect(response.status).toBe(202);
    expect(body.message).toBe("Verification email sent.");
    expect(await db.select().from(users).where(eq(users.email, form.email))).toHaveLength(0);

    const [pending] = await db.select().from(signups).where(eq(signups.id, body.signupId));
    const code = await latestCode(form.email);
    expect(code).toMatch(/^[1-9]\d{5}$/);
    expect(pending!.codeHash).not.toContain(code);
    expect(pending!.passwordHash).toMatch(/^pbkdf2-sha256\$100000\$/);

    const verified = await call("/api/signup/verify", { json: { signupId: body.signupId, code } });
    expect(verified.status).toBe(201);
    const { user, next } = await verified.json<any>();
    expect(next).toBe("/authenticated");
    expect(user).toMatchObject({ email: form.email, username: form.username, role: "user" });

    const me = await call("/api/session", { cookie: cookieFrom(verified) });
    expect((await me.json<any>()).user.email).toBe(form.email);
    expect(await db.select().from(signups).where(eq(signups.email, form.email))).toHaveLength(0);
  });

  it("answers the seed's messages for bad forms, as 400 with a field map", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...uniqueUser(), name: " " }, "Enter your name.", "name"],
      [{ ...uniqueUser(), passwordA: "something else" }, "Passwords do not match.", "passwordA"],
      [{ ...uniqueUser(), email: "no at sign.com" }, "Invalid email format.", "email"],
      [{ ...uniqueUser(), email: "a@b" }, "Invalid email format.", "email"],
    ];
    for (const [form, message, field] of cases) {
      const { response, body } = await startSignup(form);
      expect(response.status).toBe(400);
      expect(body.error.fields[field]).toContain(message);
    }
    const { response, body } = await startSignup({});
    expect(response.status).toBe(400);
    // The seed's line heads the list; each empty field says what it wants.
    expect(body.error).toMatchObject({ code: "invalid", message: "All fields are required." });
    expect(body.error.fields).toEqual({
      name: ["Enter your name."],
      username: ["Choose a user name."],
      email: ["Enter your e-mail address."],
      password: ["Choose a password."],
      passwordA: ["Re-type your password."],
    });
    const blankName = await startSignup({ ...uniqueUser(), name: " " });
    expect(blankName.body.error.message).toBe("All fields are required.");
  });

  it("refuses a duplicate e-mail or user name, also differing only in case", async () => {
    const { form } = await signUp();
    const again = await startSignup(uniqueUser({ email: form.email.toUpperCase() }));
    expect(again.response.status).toBe(409);
    expect(again.body.error.fields.email).toEqual(["Email is already registered."]);
    const sameName = await startSignup(uniqueUser({ username: form.username.toUpperCase() }));
    expect(sameName.body.error.fields.username).toEqual(["User name is already taken."]);

    const check = await call("/api/signup/availability", { json: { email: form.email, username: "free_name_1" } });
    expect(await check.json()).toEqual({ errors: { email: ["Email is already registered."] } });
    const free = await call("/api/signup/availability", {
      json: { email: "nobody@example.com", username: "free_name_2" },
    });
    expect(await free.json()).toEqual({ errors: null });
  });

  it("says 'Invalid verification code.' for a wrong code and keeps the sign-up open", async () => {
    const form = uniqueUser();
    const { body } = await startSignup(form);
    const code = await latestCode(form.email);
    const wrong = String(((Number(code) - 100000 + 1) % 900000) + 100000);
    const response = await call("/api/signup/verify", { json: { signupId: body.signupId, code: wrong } });
    expect(response.status).toBe(400);
    expect((await response.json<any>()).error.message).toBe("Invalid verification code.");
    const right = await call("/api/signup/verify", { json: { signupId: body.signupId, code } });
    expect(right.status).toBe(201);
  });

  it("refuses an expired code", async () => {
    const form = uniqueUser();
    const { body } = await startSignup(form);
    await db
      .update(signups)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signups.id, body.signupId));
    const response = await call("/api/signup/verify", {
      json: { signupId: body.signupId, code: await latestCode(form.email) },
    });
    expect(response.status).toBe(400);
    expect((await response.json<any>()).error.message).toBe("Invalid verification code.");
  });

  it("locks a sign-up after five wrong codes, even for the right one after", async () => {
    const form = uniqueUser();
    const { body } = await startSignup(form);
    const code = await latestCode(form.email);
    const wrong = code === "123456" ? "654321" : "123456";
    const attempts = await Promise.all(
      Array.from({ length: 5 }, () =>
        call("/api/signup/verify", { json: { signupId: body.signupId, code: wrong }, ip: "192.0.2.50" }),
      ),
    );
    expect(attempts.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    const right = await call("/api/signup/verify", { json: { signupId: body.signupId, code }, ip: "192.0.2.50" });
    expect(right.status).toBe(400);
    expect(await db.select().from(users).where(eq(users.email, form.email))).toHaveLength(0);
  });

  it("ignores a forged userId, kind or role in the body", async () => {
    const { user } = await signUp({ userId: "forged-id", kind: "admin", role: "admin" });
    expect(user.role).toBe("user");
    expect(user.id).not.toBe("forged-id");
  });

  it("makes the ADMIN_EMAIL account an admin", async () => {
    const { user } = await signUp({ email: env.ADMIN_EMAIL.toUpperCase() });
    expect(user.role).toBe("admin");
  });

  it("lands a beat-battle sign-up on /beatbattle and nothing else", async () => {
    for (const [next, expected] of [
      ["/beatbattle", "/beatbattle"],
      ["https://evil.example", "/authenticated"],
    ]) {
      const form = uniqueUser({ next });
      const { body } = await startSignup(form);
      const verified = await call("/api/signup/verify", {
        json: { signupId: body.signupId, code: await latestCode(form.email) },
      });
      expect((await verified.json<any>()).next).toBe(expected);
    }
  });

  it("limits how many codes one address can be sent", async () => {
    const form = uniqueUser();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await startSignup(form, `198.18.0.${i}`)).response.status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });
});

describe("sign-in and sessions", () => {
  it("signs in with the right password and sets a hardened one-day cookie", async () => {
    const { form } = await signUp();
    const response = await call("/api/session", { json: { email: form.email, password: form.password } });
    expect(response.status).toBe(200);
    const header = response.headers.getSetCookie().find((c) => c.startsWith("sid="))!;
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Lax");
    expect(header).toContain("Max-Age=86400");
    expect(header).not.toContain("Secure"); // plain-http localhost only
    const token = cookieFrom(response).slice(4);
    expect(token.length).toBeGreaterThanOrEqual(22); // 128 bits, base64url
    const stored = await db.select().from(sessions);
    expect(stored.some((s) => s.idHash === token)).toBe(false);
  });

  it("marks the cookie Secure on https", async () => {
    const { form } = await signUp();
    const { SELF } = await import("cloudflare:test");
    const response = await SELF.fetch("https://creatorplatform.app/api/session", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://creatorplatform.app" },
      body: JSON.stringify({ email: form.email, password: form.password }),
    });
    expect(response.headers.getSetCookie()[0]).toContain("Secure");
  });

  it("answers 'Sign-in was unsuccessful' for a wrong password or an unknown e-mail", async () => {
    const { form } = await signUp();
    for (const body of [
      { email: form.email, password: "wrong password" },
      { email: "nobody@example.com", password: "x" },
    ]) {
      const response = await call("/api/session", { json: body });
      expect(response.status).toBe(401);
      expect((await response.json<any>()).error.message).toBe("Sign-in was unsuccessful");
    }
  });

  it("rotates the session at sign-in and ends it at sign-out", async () => {
    const { form, cookie: first } = await signUp();
    const again = await call("/api/session", { json: { email: form.email, password: form.password }, cookie: first });
    const second = cookieFrom(again);
    expect(second).not.toBe(first);
    expect((await (await call("/api/session", { cookie: first })).json<any>()).user).toBeNull();
    expect((await (await call("/api/session", { cookie: second })).json<any>()).user.email).toBe(form.email);

    const out = await call("/api/session", {
      method: "DELETE",
      cookie: second,
    });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie()[0]).toContain("Max-Age=0");
    expect((await (await call("/api/session", { cookie: second })).json<any>()).user).toBeNull();
  });

  it("does not accept an expired session", async () => {
    const { user, cookie } = await signUp();
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(sessions.userId, user.id));
    expect((await (await call("/api/session", { cookie })).json<any>()).user).toBeNull();
  });

  it("rate-limits sign-in per account with exact counts, even in parallel", async () => {
    const { form } = await signUp();
    const attempts = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call("/api/session", { json: { email: form.email, password: "nope" }, ip: `192.0.2.${i}` }),
      ),
    );
    const statuses = attempts.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    const locked = await call("/api/session", {
      json: { email: form.email, password: form.password },
      ip: "192.0.2.99",
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("rate-limits sign-in per client across accounts", async () => {
    const statuses = [];
    for (let i = 0; i < 51; i++) {
      statuses.push(
        (await call("/api/session", { json: { email: `spray${i}@example.com`, password: "x" }, ip: "203.0.113.77" }))
          .status,
      );
    }
    expect(statuses.slice(0, 50).every((s) => s === 401)).toBe(true);
    expect(statuses[50]).toBe(429);
  });
});

describe("lockout is not a weapon (issue 13 item 9)", () => {
  const attempt = (email: string, password: string, ip: string, cookie?: string) =>
    call("/api/session", { json: { email, password }, ip, cookie });

  it("a stranger's wrong passwords lock out unknown clients, never the owner's browser that signed in before", async () => {
    const { form } = await signUp();
    const owner = await attempt(form.email, form.password, "192.0.2.200");
    expect(owner.status).toBe(200);
    const device = cookieFrom(owner, "device");
    expect(owner.headers.getSetCookie().find((c) => c.startsWith("device="))).toContain("HttpOnly");

    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await attempt(form.email, "guess", `198.51.100.${100 + i}`)).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);

    // The protection stays for every client the account has not seen...
    expect((await attempt(form.email, form.password, "192.0.2.201")).status).toBe(429);
    // ...and a device cookie of another account does not open this one.
    const other = await signUp();
    const otherDevice = cookieFrom(await attempt(other.form.email, other.form.password, "192.0.2.202"), "device");
    expect((await attempt(form.email, form.password, "192.0.2.202", otherDevice)).status).toBe(429);
    // The owner's browser gets in.
    expect((await attempt(form.email, form.password, "192.0.2.200", device)).status).toBe(200);
  });

  it("a trusted device has its own limit", async () => {
    const { form } = await signUp();
    const device = cookieFrom(await attempt(form.email, form.password, "192.0.2.210"), "device");
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await attempt(form.email, "guess", "192.0.2.210", device)).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("requests the API refuses", () => {
  it("refuses state-changing requests from another origin", async () => {
    const { form } = await signUp();
    const response = await call("/api/session", {
      json: { email: form.email, password: form.password },
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect((await response.json<any>()).error.code).toBe("cross_origin");
    const siteless = await call("/api/session", {
      method: "DELETE",
      headers: { origin: "", "sec-fetch-site": "cross-site" },
    });
    expect(siteless.status).toBe(403);
  });

  it("answers malformed JSON with 400 in the error shape, never 500", async () => {
    const response = await call("/api/session", { body: "{not json", headers: { "content-type": "application/json" } });
    expect(response.status).toBe(400);
    expect((await response.json<any>()).error.code).toBe("bad_request");
  });

  it("answers unknown API paths with 404 in the error shape", async () => {
    const response = await call("/api/no-such-call");
    expect(response.status).toBe(404);
    const requestId = response.headers.get("x-request-id");
    expect(await response.json()).toEqual({ error: { code: "not_found", message: "Not Found", requestId } });
  });
});

describe("admin calls", () => {
  it("answer the admin, refuse a member (403) and a visitor (401)", async () => {
    const member = await signUp();
    const admin = await signUp();
    await db.update(users).set({ role: "admin" }).where(eq(users.id, admin.user.id));
    expect((await call("/api/admin/users")).status).toBe(401);
    expect((await call("/api/admin/users", { cookie: member.cookie })).status).toBe(403);
    const ok = await call("/api/admin/users", { cookie: admin.cookie });
    expect(ok.status).toBe(200);
    const { users: list } = await ok.json<any>();
    expect(list.map((u: any) => u.email)).toContain(member.form.email);
    expect(list[0]).not.toHaveProperty("passwordHash");
  });

  it("follow the role in the database, not an earlier answer", async () => {
    const admin = await signUp({ email: `boss-${Date.now()}@example.com` });
    await db.update(users).set({ role: "admin" }).where(eq(users.id, admin.user.id));
    expect((await call("/api/admin/users", { cookie: admin.cookie })).status).toBe(200);
    await db.update(users).set({ role: "user" }).where(eq(users.id, admin.user.id));
    expect((await call("/api/admin/users", { cookie: admin.cookie })).status).toBe(403);
  });
});
