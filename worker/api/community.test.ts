// The 'Early Risers' form through the whole Worker: the seed's messages, the
// honeypot, the start stamp, the per-client limit, one row per e-mail, and the
// admin's list.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  BOT_DETECTED,
  COMMUNITY_JOINED,
  COMMUNITY_MESSAGE_TOO_LONG,
  COMMUNITY_UPDATED,
  EMAIL_INVALID,
  NAME_AND_EMAIL_REQUIRED,
  TOO_FAST,
} from "../../app/kernel/schemas/community";
import { stampAgo } from "../../tests/workers/community";
import { call, signUp } from "../../tests/workers/http";
import { database } from "../db/client";
import { communitySignups, users } from "../db/schema";
import { COMMUNITY_RATE_LIMIT } from "../domain/community/signups";

const db = database(env.DB);
let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

async function join(body: Record<string, unknown>, ip = freshIp()) {
  const response = await call("/api/community/signups", { json: body, ip });
  return { status: response.status, body: await response.json<any>() };
}

describe("POST /api/community/signups (seed /add-farmer)", () => {
  it("joins, then updates the same e-mail instead of duplicating it", async () => {
    const first = await join({ name: "Ada", email: "Ada@Example.com", message: "Hi", startedAt: await stampAgo() });
    expect(first).toMatchObject({ status: 201, body: { success: true, message: COMMUNITY_JOINED } });
    const second = await join({
      name: "Ada L.",
      email: "ada@example.com",
      message: "Again",
      startedAt: await stampAgo(),
    });
    expect(second).toMatchObject({ status: 200, body: { success: true, message: COMMUNITY_UPDATED } });
    const rows = await db.select().from(communitySignups).where(eq(communitySignups.email, "ada@example.com"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Ada L.", message: "Again" });
  });

  it("answers the seed's messages", async () => {
    const startedAt = await stampAgo();
    expect((await join({ name: "", email: "a@b.co", startedAt })).body.error.message).toBe(NAME_AND_EMAIL_REQUIRED);
    expect((await join({ name: "Bo", startedAt })).body.error.message).toBe(NAME_AND_EMAIL_REQUIRED);
    expect((await join({ name: "Bo", email: "not-an-email", startedAt })).body.error.message).toBe(EMAIL_INVALID);
    const long = await join({ name: "Bo", email: "bo@example.com", message: "x".repeat(181), startedAt });
    expect(long).toMatchObject({ status: 400, body: { error: { message: COMMUNITY_MESSAGE_TOO_LONG } } });
    const exact = await join({ name: "Bo", email: "bo@example.com", message: "x".repeat(180), startedAt });
    expect(exact.status).toBe(201);
  });

  it("rejects a filled honeypot and stores nothing", async () => {
    const bot = await join({
      name: "Bot",
      email: "bot@example.com",
      zx_hold: "http://spam",
      startedAt: await stampAgo(),
    });
    expect(bot).toMatchObject({ status: 400, body: { error: { message: BOT_DETECTED } } });
    expect(await db.select().from(communitySignups).where(eq(communitySignups.email, "bot@example.com"))).toEqual([]);
  });

  it("refuses forms sent faster than a person can type, unsigned or forged stamps", async () => {
    const body = { name: "Quick", email: "quick@example.com" };
    expect((await join({ ...body, startedAt: await stampAgo(500) })).body.error.message).toBe(TOO_FAST);
    expect((await join(body)).body.error.message).toBe(TOO_FAST);
    const forged = `${Date.now() - 60_000}.AAAA`;
    expect((await join({ ...body, startedAt: forged })).body.error.message).toBe(TOO_FAST);
    expect(await db.select().from(communitySignups).where(eq(communitySignups.email, "quick@example.com"))).toEqual([]);
  });

  it("hands out a stamp the form can carry", async () => {
    const { startedAt } = await (await call("/api/community/form")).json<{ startedAt: string }>();
    expect(startedAt).toMatch(/^\d+\.[\w-]+$/);
    // Sent at once, the fresh stamp is too fast.
    expect((await join({ name: "A", email: "a@example.com", startedAt })).body.error.message).toBe(TOO_FAST);
  });

  it("limits each client", async () => {
    const ip = freshIp();
    const startedAt = await stampAgo();
    const statuses: number[] = [];
    for (let i = 0; i <= COMMUNITY_RATE_LIMIT.max; i++) {
      statuses.push((await join({ name: "R", email: `r${i}@example.com`, startedAt }, ip)).status);
    }
    expect(statuses).toEqual([...Array(COMMUNITY_RATE_LIMIT.max).fill(201), 429]);
  });

  it("never answers 5xx to odd bodies", async () => {
    for (const body of [[], "text", { name: 1, email: {}, message: [] }, { name: "x".repeat(100_000) }]) {
      const response = await call("/api/community/signups", { json: body, ip: freshIp() });
      expect(response.status).toBeLessThan(500);
    }
  });
});

describe("GET /api/admin/community-signups", () => {
  it("lists sign-ups for the admin only", async () => {
    await join({ name: "Listed", email: "listed@example.com", startedAt: await stampAgo() });
    expect((await call("/api/admin/community-signups")).status).toBe(401);
    const member = await signUp();
    expect((await call("/api/admin/community-signups", { cookie: member.cookie })).status).toBe(403);
    await db.update(users).set({ role: "admin" }).where(eq(users.id, member.user.id));
    const listed = await call("/api/admin/community-signups", { cookie: member.cookie });
    expect(listed.status).toBe(200);
    const { signups } = await listed.json<any>();
    expect(signups.map((s: { email: string }) => s.email)).toContain("listed@example.com");
  });
});
