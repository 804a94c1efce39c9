// The admin API and pages (issue 12): guards on every route, totals by SQL
// aggregates, the user list at scale, and the one active popup.

import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call, type Member, signUp, signUpAdmin } from "../../tests/workers/http";
import { expectMatrix, type RouteCall } from "../../tests/workers/matrix";
import { PNG, putTo } from "../../tests/workers/uploads";
import { database } from "../db/client";
import { donations, files, orders, popups, projects, users } from "../db/schema";
import { forgetActivePopup } from "../domain/popups/active";

const db = database(env.DB);

/** A PNG whose header says `width` × `height` (the IHDR is all the popup image's check reads). */
function pngOf(width: number, height: number) {
  const bytes = Uint8Array.from(PNG);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  return bytes;
}
/** A picture the popup takes: 960 × 480, the card's own 2:1. */
const BANNER = pngOf(960, 480);

/** Uploads `bytes` as a popup image; the completion's answer. */
async function uploadPopupImage(cookie: string, bytes: Uint8Array<ArrayBuffer>, fileName = "banner.png") {
  const signed = await call("/api/uploads", {
    cookie,
    json: { purpose: "popup-image", fileName, contentType: "image/png", size: bytes.byteLength },
  });
  expect(signed.status).toBe(201);
  const ticket = await signed.json<any>();
  expect((await putTo(ticket.put.url, bytes, ticket.put.headers)).status).toBe(200);
  return call(`/api/uploads/${ticket.uploadId}/complete`, { cookie, method: "POST" });
}

let member: Member;
let admin: Member;

beforeAll(async () => {
  member = await signUp();
  admin = await signUpAdmin();
});

/** Every admin endpoint, with a body that would pass validation (worker/route-access.test.ts has them all bare). */
const ADMIN_ROUTES: RouteCall[] = [
  ["GET", "/api/admin/summary"],
  ["GET", "/api/admin/users?q=a&page=1"],
  ["GET", "/api/admin/popups"],
  ["POST", "/api/admin/popups", { header: "Hi" }],
  ["PUT", "/api/admin/popups/active", { popCustomId: "x" }],
  ["DELETE", "/api/admin/popups/x"],
  ["GET", "/api/admin/community-signups"],
];

async function createPopup(body: Record<string, unknown> = {}) {
  const response = await call("/api/admin/popups", { cookie: admin.cookie, json: { header: "Hello", ...body } });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json<{ popup: { id: string } }>()).popup.id;
}

describe("admin routes", () => {
  it("refuse visitors (401) and members (403) on every API route, with valid bodies", async () => {
    await expectMatrix(ADMIN_ROUTES, { visitor: 401, other: 403 }, { other: member.cookie });
  });

  it("refuse visitors and members on the dashboard and editor pages and their actions", async () => {
    const form = new URLSearchParams({ intent: "delete-popup", popCustomId: "x" });
    const pages: RouteCall[] = ["/theAdministrator", "/popcustom"].flatMap((path) => [
      ["GET", path],
      ["POST", path, form],
    ]);
    await expectMatrix(pages, { visitor: 302, other: 403 }, { other: member.cookie });
    await expectMatrix(
      [
        ["GET", "/theAdministrator"],
        ["GET", "/popcustom"],
      ],
      { admin: 200 },
      { admin: admin.cookie },
    );
  }, 30_000);

  it("refuse a member's popup image upload", async () => {
    const response = await call("/api/uploads", {
      cookie: member.cookie,
      json: { purpose: "popup-image", fileName: "a.png", contentType: "image/png", size: PNG.byteLength },
    });
    expect(response.status).toBe(403);
  });
});

describe("GET /api/admin/summary", () => {
  const summary = async () =>
    (await call("/api/admin/summary", { cookie: admin.cookie })).json<{
      totalUsers: number;
      totalProjects: number;
      totalFiles: number;
      totalRevenueCents: number;
    }>();

  it("equals a hand count after inserts and deletes", async () => {
    const before = await summary();
    const [{ n: usersNow } = { n: 0 }] = await db.select({ n: sql<number>`count(*)` }).from(users);
    expect(before.totalUsers).toBe(usersNow);

    const projectId = crypto.randomUUID();
    await db.insert(projects).values({ id: projectId, userId: member.user.id, title: "Counted" });
    const fileRow = (id: string) => ({
      id,
      userId: member.user.id,
      projectId,
      key: `k/${id}`,
      fileName: "a.mp3",
      contentType: "audio/mpeg",
      size: 1,
      kind: "audio" as const,
    });
    await db.insert(files).values([fileRow("f1"), fileRow("f2"), fileRow("f3")]);
    const order = (id: string, status: "paid" | "refunded" | "pending" | "canceled", amount: number, refunded = 0) => ({
      id,
      userId: member.user.id,
      number: `CP-${id}`,
      status,
      amountCents: amount,
      refundedCents: refunded,
      provider: "test" as const,
    });
    await db.insert(orders).values([
      order("o1", "paid", 1999),
      order("o2", "paid", 1000, 250), // partly refunded: 7.50 counts
      order("o3", "refunded", 500, 500), // wholly refunded: nothing counts
      order("o4", "pending", 9999), // never paid
      order("o5", "canceled", 700),
    ]);
    const donation = (id: string, status: "succeeded" | "pending" | "failed", amount: number) => ({
      id,
      amountCents: amount,
      status,
      email: "d@example.com",
    });
    await db
      .insert(donations)
      .values([donation("d1", "succeeded", 2500), donation("d2", "failed", 5000), donation("d3", "pending", 100)]);

    // By hand: 19.99 + 7.50 + 0 + 25.00 = 52.49
    expect(await summary()).toMatchObject({
      totalUsers: usersNow,
      totalProjects: before.totalProjects + 1,
      totalFiles: before.totalFiles + 3,
      totalRevenueCents: before.totalRevenueCents + 5249,
    });

    await db.delete(files).where(eq(files.id, "f2"));
    await db.delete(orders).where(eq(orders.id, "o1"));
    await db.delete(donations).where(eq(donations.id, "d1"));
    const extra = await signUp();
    expect(await summary()).toMatchObject({
      totalUsers: usersNow + 1,
      totalProjects: before.totalProjects + 1,
      totalFiles: before.totalFiles + 2,
      totalRevenueCents: before.totalRevenueCents + 750,
    });
    await db.delete(projects).where(eq(projects.id, projectId));
    await db.delete(orders);
    await db.delete(donations);
    await db.delete(users).where(eq(users.id, extra.user.id));
    expect(await summary()).toMatchObject({ ...before, totalUsers: usersNow });
  });

  it("shows revenue with 2 decimals on the dashboard", async () => {
    const page = await (await call("/theAdministrator", { cookie: admin.cookie })).text();
    expect(page).toMatch(/data-total="revenue">\$[\d,]+\.\d{2}</);
  });
});

describe("GET /api/admin/users", () => {
  it("pages and searches twenty thousand users without loading them all", async () => {
    // One statement makes the rows: a recursive counter, so the test itself stays quick.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
       INSERT INTO users (id, name, username, email, password_hash, verified, created_at)
       SELECT 'bulk-' || i, 'Bulk User ' || i, 'bulk_' || i, 'bulk' || i || '@example.com', 'x', i % 2, 1000 + i FROM n`,
    ).run();
    const first = await (await call("/api/admin/users", { cookie: admin.cookie })).json<any>();
    expect(first.total).toBeGreaterThan(20000);
    expect(first.users).toHaveLength(25);

    const found = await (await call("/api/admin/users?q=bulk19999%40", { cookie: admin.cookie })).json<any>();
    expect(found.total).toBe(1);
    expect(found.users[0]).toMatchObject({ username: "bulk_19999", verified: true });
    expect(found.users[0]).not.toHaveProperty("passwordHash");

    const last = await (await call("/api/admin/users?q=Bulk%20User&page=800", { cookie: admin.cookie })).json<any>();
    expect(last).toMatchObject({ total: 20000, page: 800 });
    expect(last.users.map((u: { username: string }) => u.username)).toContain("bulk_1");

    // % and _ are searched for literally, not as wildcards.
    const literal = await (await call("/api/admin/users?q=%25", { cookie: admin.cookie })).json<any>();
    expect(literal.total).toBe(0);
    const page = await (await call("/theAdministrator?q=bulk42%40&page=1", { cookie: admin.cookie })).text();
    expect(page).toContain("bulk42@example.com");
    expect(page).not.toContain("bulk19999@example.com");
  });

  it("shows no user row beside 'No users match.'; the popup controls have their own section (issue 27 item 8)", async () => {
    const page = await (await call("/theAdministrator?q=zz-no-such-user-zz", { cookie: admin.cookie })).text();
    expect(page).toContain("No users match.");
    // The cell's and its value box's attributes (kind class, title) are the Table's business.
    const emailCell = new RegExp(
      `<td data-label="Email"[^>]*><div[^>]*>${admin.form.email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</div></td>`,
    );
    expect(page).not.toMatch(emailCell);
    // An address may break after its @ and before dots (<wbr>): read it whole.
    const own = (
      await (
        await call(`/theAdministrator?section=users&q=${encodeURIComponent(admin.form.email)}`, {
          cookie: admin.cookie,
        })
      ).text()
    ).replace(/<wbr\s*\/?>/g, "");
    expect(own).toMatch(emailCell);
    const popups = await (await call("/theAdministrator?section=popups", { cookie: admin.cookie })).text();
    expect(popups).toContain("Welcome popups");
    expect(popups).not.toContain("No users match.");
  });
});

describe("popups", () => {
  it("ends with exactly one active popup after 20 concurrent set-active calls", async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => createPopup({ header: `Race ${i}` })));
    const answers = await Promise.all(
      ids.map((popCustomId) =>
        call("/api/admin/popups/active", { method: "PUT", cookie: admin.cookie, json: { popCustomId } }),
      ),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    const active = await db.select({ id: popups.id }).from(popups).where(eq(popups.active, true));
    expect(active).toHaveLength(1);
    expect(ids).toContain(active[0]!.id);
  });

  it("is refused by the database when two rows are set active behind the domain's back", async () => {
    await expect(db.update(popups).set({ active: true })).rejects.toThrow();
    expect(await db.select().from(popups).where(eq(popups.active, true))).toHaveLength(1);
  });

  it("sets the chosen popup active, shows it on the landing page at once, and refuses an unknown id", async () => {
    const id = await createPopup({ header: "Fresh header", headerStyle: "color:#123456;" });
    await (await call("/")).text(); // warm the landing page's cache with the previous popup
    const set = await call("/api/admin/popups/active", {
      method: "PUT",
      cookie: admin.cookie,
      json: { popCustomId: id },
    });
    expect(await set.json()).toEqual({ message: "Active popup set successfully" });
    const landing = await (await call("/")).text();
    expect(landing).toContain("Fresh header");
    expect(landing).toContain("color:#123456");

    const missing = await call("/api/admin/popups/active", {
      method: "PUT",
      cookie: admin.cookie,
      json: { popCustomId: "nope" },
    });
    expect(missing.status).toBe(404);
    const none = await call("/api/admin/popups/active", { method: "PUT", cookie: admin.cookie, json: {} });
    expect((await none.json<any>()).error.message).toBe("Please select a PopCustom first.");
    expect(await db.select({ id: popups.id }).from(popups).where(eq(popups.active, true))).toEqual([{ id }]);
  });

  it("names refused styles and links instead of dropping them", async () => {
    const refused = await call("/api/admin/popups", {
      cookie: admin.cookie,
      json: { header: "X", headerStyle: "position:fixed;color:url(x)", linkAddress: "javascript:alert(1)" },
    });
    expect(refused.status).toBe(400);
    const { error } = await refused.json<any>();
    expect(error.fields.headerStyle[0]).toContain("property 'position' is not allowed");
    expect(error.fields.headerStyle[0]).toContain("the value of 'color' (url(x)) is not allowed");
    expect(error.fields.linkAddress[0]).toContain("'javascript:alert(1)' was refused");
  });

  it("saves a popup with its uploaded image, and deleting it removes the image from storage", async () => {
    const done = await uploadPopupImage(admin.cookie, BANNER);
    const { key } = await done.json<{ key: string }>();
    expect(key).toMatch(/^users\/.+\/popups\/.+banner\.png$/);

    // Someone else's key, or a made-up one, is not accepted as the image.
    const foreign = await call("/api/admin/popups", {
      cookie: admin.cookie,
      json: { header: "X", imageKey: "users/x/popups/y.png" },
    });
    expect(foreign.status).toBe(400);

    const id = await createPopup({ header: "With image", imageKey: key });
    expect(await env.FILES.head(key)).not.toBeNull();
    const deleted = await call(`/api/admin/popups/${id}`, { method: "DELETE", cookie: admin.cookie });
    expect(await deleted.json()).toEqual({ message: "PopCustom deleted successfully" });
    expect(await env.FILES.head(key)).toBeNull();
    expect(await db.select().from(popups).where(eq(popups.id, id))).toEqual([]);
    expect((await call(`/api/admin/popups/${id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(404);
  });

  it("takes a popup image only within its size and shape, saying why otherwise (issue 45 item 3)", async () => {
    const ask = (json: Record<string, unknown>) =>
      call("/api/uploads", { cookie: admin.cookie, json: { purpose: "popup-image", fileName: "p.png", ...json } });
    const tooBig = await ask({ contentType: "image/png", size: 2 * 1024 * 1024 + 1 });
    expect(tooBig.status).toBe(400);
    expect((await tooBig.json<any>()).error.message).toBe("The popup image must be 2 MB or smaller.");
    const gif = await ask({ fileName: "p.gif", contentType: "image/gif", size: 100 });
    expect((await gif.json<any>()).error.message).toBe("The popup image must be a JPEG or PNG.");

    for (const [width, height, message] of [
      [
        480,
        480,
        "The popup image must be landscape, from 4:3 to 3:1 (this one is 480 × 480): the card crops it to a wide band.",
      ],
      [
        1600,
        400,
        "The popup image must be landscape, from 4:3 to 3:1 (this one is 1600 × 400): the card crops it to a wide band.",
      ],
      [320, 160, "The popup image must be 480 to 4000 pixels wide (this one is 320 × 160)."],
    ] as const) {
      const refused = await uploadPopupImage(admin.cookie, pngOf(width, height));
      expect(refused.status).toBe(400);
      expect((await refused.json<any>()).error.message).toBe(message);
    }
    // The edges are in: 4:3 and 3:1.
    for (const [width, height] of [
      [640, 480],
      [1500, 500],
    ] as const)
      expect((await uploadPopupImage(admin.cookie, pngOf(width, height))).ok).toBe(true);
  });

  it("serves the popup image inline as its checked type, with the editor's alt text (issue 27 item 7)", async () => {
    const done = await uploadPopupImage(admin.cookie, BANNER, "alt.png");
    const { key } = await done.json<{ key: string }>();
    const id = await createPopup({ header: "Alt", imageKey: key, imageAlt: "Three tractors at dawn" });
    await call("/api/admin/popups/active", { method: "PUT", cookie: admin.cookie, json: { popCustomId: id } });
    const { activePopCustom } = await (await call("/api/popups/active")).json<any>();
    expect(activePopCustom.imageAlt).toBe("Three tractors at dawn");
    const image = await call(new URL(activePopCustom.imageUrl).pathname);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("content-disposition") ?? "inline").toMatch(/^inline/);
    const landing = await (await call("/")).text();
    expect(landing).toContain('alt="Three tractors at dawn"');
  });

  it("shows a long header whole on the fundraiser; only the paragraph is cut (issue 27 item 8)", async () => {
    const header = `Long header ${"h".repeat(100)} end`;
    const id = await createPopup({ header, paragraph: { text: `Para ${"p".repeat(120)} tail` } });
    await call("/api/admin/popups/active", { method: "PUT", cookie: admin.cookie, json: { popCustomId: id } });
    const page = await (await call("/fundraiser")).text();
    // The announcement strip above the story: the header whole, the paragraph cut.
    expect(page).toContain(`<strong>${header}</strong>`);
    expect(page).toMatch(/<span[^>]*>Para /);
    expect(page).not.toContain("tail</span>");
  });

  it("lists every popup beyond the first 200 by page, with the total and the active one (issue 27 item 8)", async () => {
    const active = await createPopup({ header: "Old active one" });
    await call("/api/admin/popups/active", { method: "PUT", cookie: admin.cookie, json: { popCustomId: active } });
    const rows = Array.from({ length: 205 }, (_, i) => ({
      id: crypto.randomUUID(),
      header: `Bulk ${i}`,
      createdAt: new Date(Date.now() + 60_000 + i),
    }));
    for (let i = 0; i < rows.length; i += 5) await db.insert(popups).values(rows.slice(i, i + 5));
    const total = (await db.select({ id: popups.id }).from(popups)).length;
    const first = await (await call("/api/admin/popups", { cookie: admin.cookie })).json<any>();
    expect(first.total).toBe(total);
    // The newest 200, and the active popup wherever it falls.
    expect(first.popCustoms).toHaveLength(201);
    expect(first.popCustoms.map((p: any) => p.id)).toContain(active);
    const second = await (await call("/api/admin/popups?page=2", { cookie: admin.cookie })).json<any>();
    expect(second.popCustoms).toHaveLength(total - 200);
    expect(second.popCustoms.map((p: any) => p.id)).toContain(active);
    const dashboard = await (await call("/theAdministrator?section=popups", { cookie: admin.cookie })).text();
    // The active popup's row carries the 'Active' badge, on the first page too.
    expect(dashboard).toMatch(/<h3>Old active one<\/h3><span[^>]*>Active<\/span>/);
    expect(dashboard).toContain(`The newest 200 of ${total} popups`);
  });

  it("shows a new active popup at once on every host name the landing page is served as (issue 27 item 6)", async () => {
    const before = await createPopup({ header: "Host before" });
    await call("/api/admin/popups/active", { method: "PUT", cookie: admin.cookie, json: { popCustomId: before } });
    const other = () => SELF.fetch("http://127.0.0.1/").then((r) => r.text());
    expect(await other()).toContain("Host before"); // cached under the canonical key
    const after = await createPopup({ header: "Host after" });
    await call("/api/admin/popups/active", { method: "PUT", cookie: admin.cookie, json: { popCustomId: after } });
    const page = await other();
    expect(page).toContain("Host after");
    expect(page).not.toContain("Host before");
  });

  it("never lets a refused style or link into the landing page's HTML, even from a row written behind the API", async () => {
    const id = crypto.randomUUID();
    await db.update(popups).set({ active: false });
    await db.insert(popups).values({
      id,
      header: "Sneaky",
      headerStyle: "color:#abcdef;background-color:url(https://evil.example/x.png);position:fixed",
      paragraphText: "Read me",
      paragraphStyle: "font-size:expression(alert(1));font-family:</style><script>alert(1)</script>;color:data:x",
      linkAddress: "javascript:alert(1)",
      imageUrl: "data:image/svg+xml;base64,PHN2Zz4=",
      active: true,
    });
    forgetActivePopup();
    const landing = await (await call("/")).text();
    expect(landing).toContain("Sneaky");
    expect(landing).toContain("color:#abcdef");
    for (const bad of [
      "javascript:",
      "data:",
      "url(",
      "expression(",
      "</style>",
      "position:fixed",
      "evil.example",
      "<script>alert",
    ]) {
      expect(landing, bad).not.toContain(bad);
    }
  });

  it("shows the active popup only inside its optional show window", async () => {
    const hour = 60 * 60 * 1000;
    const showing = async () => (await (await call("/api/popups/active")).json<any>()).activePopCustom;
    await db.update(popups).set({ active: false });
    const id = await createPopup({ header: "Windowed", startsAt: new Date(Date.now() + hour).toISOString() });
    await call("/api/admin/popups/active", { method: "PUT", cookie: admin.cookie, json: { popCustomId: id } });
    expect(await showing()).toBeNull();
    await db
      .update(popups)
      .set({ startsAt: new Date(Date.now() - hour), endsAt: new Date(Date.now() + hour) })
      .where(eq(popups.id, id));
    forgetActivePopup();
    expect((await showing()).header).toBe("Windowed");
    await db
      .update(popups)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(popups.id, id));
    forgetActivePopup();
    expect(await showing()).toBeNull();
    const backwards = await call("/api/admin/popups", {
      cookie: admin.cookie,
      json: { header: "X", startsAt: "2030-01-02T00:00:00Z", endsAt: "2030-01-01T00:00:00Z" },
    });
    expect((await backwards.json<any>()).error.message).toBe("The end must be after the start.");
  });
});
