// The page session (ADR 024): a signed cookie is refused without D1, a member
// page's session check runs beside its reads (at most two D1 round trips one
// after another), and D1 overrules the cookie whenever they differ.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, cookieFrom, signUp } from "../../tests/workers/http";
import { addToCart, insertProduct, quickMember } from "../../tests/workers/store";
import { database } from "../db/client";
import { sessions, users } from "../db/schema";
import { readSessionClaim, SESSION_COOKIE, sealSession } from "../sessions";

const waits = (response: Response) => Number(response.headers.get("x-d1-waits"));
const roundTrips = (response: Response) => Number(response.headers.get("x-d1-round-trips"));
const statements = (response: Response) => Number(response.headers.get("x-d1-statements"));
const sessionSetCookie = (response: Response) =>
  response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));

async function claimOf(cookie: string) {
  const request = new Request("http://localhost/", { headers: { cookie } });
  const claim = await readSessionClaim(env.SESSION_SECRET, request);
  if (!claim) throw new Error("cookie not readable");
  return claim;
}

describe("page session", () => {
  it("renders a member page with at most two D1 round trips one after another", async () => {
    const member = await signUp();
    await call("/beatbattle"); // the first visit ever seeds the battle
    const pages = ["/settings", "/authenticated", "/purchases", "/digistore", "/beatbattle"];
    for (const path of [...pages, `/digiprev/${member.user.id}`]) {
      const page = await call(path, { cookie: member.cookie });
      expect(page.status, path).toBe(200);
      expect(await page.text()).toContain(member.form.name);
      expect(statements(page), path).toBeGreaterThan(0);
      // Counted, not timed: the session lookup goes beside the page's reads, so it adds a round
      // trip but no wait (ADR 057).
      expect(roundTrips(page), path).toBeLessThanOrEqual(statements(page));
      expect(waits(page), path).toBeLessThanOrEqual(2);
    }
    // A page that reads nothing of its own: the header's cart size is a column of the session's own
    // statement (ADR 064), so the page costs one round trip.
    const contact = await call("/contact", { cookie: member.cookie });
    expect([statements(contact), roundTrips(contact), waits(contact)]).toEqual([1, 1, 1]);
  });

  it("shows the member's cart size in the header, from the session's own statement", async () => {
    const seller = await signUp();
    const buyer = await signUp();
    const cartSize = async () => {
      const page = await call("/contact", { cookie: buyer.cookie });
      expect(statements(page)).toBe(1);
      return (await page.text()).match(/<span class="nav-count">.*?(\d+)<span class="visually-hidden"> in cart/)?.[1];
    };
    expect(await cartSize()).toBeUndefined();
    for (const title of ["Night Drive", "Sunrise"]) {
      expect((await addToCart(buyer.cookie, await insertProduct(seller.user.id, { title }))).status).toBe(201);
    }
    expect(await cartSize()).toBe("2");
    // Another member's cart is not counted: the column is the session member's.
    const other = await call("/contact", { cookie: seller.cookie });
    expect(await other.text()).not.toContain('class="nav-count"');
  });

  it("refuses a cookie it did not sign without asking D1, and clears it", async () => {
    const member = await signUp();
    const [token, claims] = member.cookie.slice(`${SESSION_COOKIE}=`.length).split(".");
    for (const cookie of [
      `${SESSION_COOKIE}=bench-stale-session-0000000000`,
      `${SESSION_COOKIE}=${token}`,
      `${SESSION_COOKIE}=${token}.${claims}.forged-signature`,
    ]) {
      const page = await call("/signin", { cookie });
      expect(page.status).toBe(200);
      expect(statements(page)).toBe(0);
      expect(sessionSetCookie(page)).toMatch(/Max-Age=0/);
    }
  });

  it("refuses a signed cookie whose time is up without asking D1", async () => {
    const member = await signUp();
    const claim = await claimOf(member.cookie);
    const ended = await sealSession(env.SESSION_SECRET, { ...claim, expiresAt: Date.now() - 1000 });
    const page = await call("/settings", { cookie: `${SESSION_COOKIE}=${ended}` });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/signin?from=%2Fsettings");
    expect(statements(page)).toBe(0);
  });

  it("answers a signed-out session's page as a visitor's and clears the cookie", async () => {
    const member = await signUp();
    const claim = await claimOf(member.cookie);
    await database(env.DB).delete(sessions).where(eq(sessions.userId, claim.user.id));
    const page = await call("/settings", { cookie: member.cookie });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/signin?from=%2Fsettings");
    expect(sessionSetCookie(page)).toMatch(/Max-Age=0/);
    const home = await call("/", { cookie: member.cookie });
    expect(await home.text()).not.toContain(member.form.name);
  });

  it("checks a cookie against D1, the clock and the secret every time", async () => {
    const member = await signUp();
    const first = await call("/settings", { cookie: member.cookie });
    expect(first.status).toBe(200);
    const claim = await claimOf(member.cookie);
    const request = new Request("http://localhost/", { headers: { cookie: member.cookie } });
    expect(await readSessionClaim(env.SESSION_SECRET, request, claim.expiresAt)).toBeNull();
    expect(await readSessionClaim(`${env.SESSION_SECRET}-other`, request)).toBeNull();
    const again = await readSessionClaim(env.SESSION_SECRET, request);
    expect(again).toEqual(claim);
    again!.user.name = "changed by a caller";
    expect((await claimOf(member.cookie)).user.name).toBe(member.form.name); // a copy each time

    await database(env.DB).delete(sessions).where(eq(sessions.userId, member.user.id));
    const after = await call("/settings", { cookie: member.cookie });
    expect(after.status).toBe(302);
    expect(statements(after)).toBeGreaterThan(0); // D1 was asked, and said no
    expect(sessionSetCookie(after)).toMatch(/Max-Age=0/);
  });

  it("follows D1, not the cookie, when the member changed (a role taken away) and seals the cookie afresh", async () => {
    const admin = await quickMember("admin");
    expect((await call("/theAdministrator", { cookie: admin.cookie })).status).toBe(200);
    await database(env.DB).update(users).set({ role: "user" }).where(eq(users.id, admin.user.id));

    const refused = await call("/theAdministrator", { cookie: admin.cookie });
    expect(refused.status).toBe(403);
    const resealed = cookieFrom(refused);
    expect((await claimOf(resealed)).user.role).toBe("user");
    expect((await claimOf(resealed)).expiresAt).toBe((await claimOf(admin.cookie)).expiresAt);

    const again = await call("/theAdministrator", { cookie: resealed });
    expect(again.status).toBe(403);
    expect(sessionSetCookie(again)).toBeUndefined();
  });

  it("never runs an action on a claim D1 has not confirmed", async () => {
    const member = await signUp();
    const claim = await claimOf(member.cookie);
    await database(env.DB).delete(sessions).where(eq(sessions.userId, claim.user.id));
    const saved = await call("/settings.data", {
      cookie: member.cookie,
      body: new URLSearchParams({ accentColor: "#2563eb", fontPercentage: "120", isDarkMode: "on" }),
    });
    expect(saved.status).toBeLessThan(500);
    const [row] = await database(env.DB).select({ theme: users.theme }).from(users).where(eq(users.id, claim.user.id));
    expect(row?.theme ?? null).toBeNull();
  });

  it("shows a member their own write at once: the bookmark carries it and the cookie is sealed with the new theme", async () => {
    const member = await signUp();
    const saved = await call("/settings.data", {
      cookie: member.cookie,
      body: new URLSearchParams({ accentColor: "#dc2626", fontPercentage: "125", isDarkMode: "on" }),
    });
    expect(saved.status).toBeLessThan(400);
    const bookmark = cookieFrom(saved, "d1b");

    const page = await call("/settings", { cookie: `${member.cookie}; ${bookmark}` });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('class="dark"');
    expect(text).toContain("--font-scale:125%");
    // The cookie still claimed the old theme: D1 overruled it and the answer seals the new one.
    const resealed = cookieFrom(page);
    expect((await claimOf(resealed)).user.theme).toMatchObject({ accentColor: "#dc2626", fontPercentage: 125 });
  });
});
