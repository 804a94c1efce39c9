// The admin dashboard as a browser gets it: one section per page (?section=), each read in at most
// two D1 round trips; the revenue split; users sorted and paged; orders; the popup list's buttons;
// the beat battle and community sections from the loader; and a member told plainly they may not.
import { env } from "cloudflare:workers";
import { eq, gte, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { call, cookieFrom, type Member, signUp, signUpAdmin } from "../../../../tests/workers/http";
import { act, html } from "../../../../tests/workers/pages";
import { database } from "../../../../worker/db/client";
import {
  beatBattleEntries,
  beatBattleFiles,
  beatBattles,
  communitySignups,
  donations,
  memberItems,
  orders,
  popups,
  users,
} from "../../../../worker/db/schema";
import type { Deps } from "../../../../worker/domain/deps";
import { ADMIN_SECTIONS } from "../../../kernel/schemas/admin";
import { ENTRIES_LOAD_FAILED } from "../../../kernel/schemas/beatbattle";
import { battleSection } from "./dashboard.server";

const db = database(env.DB);
let admin: Member;
let member: Member;

beforeAll(async () => {
  const promoted = await signUpAdmin();
  // The cookie's claim still says "user": the first page seals it afresh with D1's role (ADR 024),
  // so the counted requests below are not re-rendered for a changed member.
  const first = await call("/theAdministrator", { cookie: promoted.cookie });
  admin = { ...promoted, cookie: cookieFrom(first) };
  member = await signUp();
  await call("/beatbattle"); // the first visit ever seeds the battle
});

const page = async (search: string, cookie = admin.cookie) => {
  const response = await call(`/theAdministrator${search}`, { cookie });
  return { response, text: await html(response) };
};
const total = (text: string, key: string) => {
  const match = text.match(new RegExp(`data-total="${key}">\\$([0-9,.]+)<`));
  if (!match) throw new Error(`no ${key} total`);
  return Math.round(Number(match[1]!.replaceAll(",", "")) * 100);
};

describe("the dashboard's sections", () => {
  it.each(ADMIN_SECTIONS.map((section) => section.id))(
    "%s renders on the server with the section navigation, waiting on D1 at most twice",
    async (section) => {
      const { response, text } = await page(`?section=${section}`);
      expect(response.status).toBe(200);
      expect(text).toContain('aria-label="Admin sections"');
      expect(text).toMatch(/aria-current="page"[^>]*>[^<]+</);
      expect(Number(response.headers.get("x-d1-waits"))).toBeLessThanOrEqual(2);
    },
  );

  it("opens the overview by default and the users for a search without a section", async () => {
    const overview = await page("");
    expect(overview.text).toContain("Store sales");
    expect(overview.text).not.toContain('caption class="visually-hidden">Users');
    const search = await page(`?q=${encodeURIComponent(member.form.email)}`);
    expect(search.text).toContain(member.form.email);
    // An unknown section falls back to the overview, never an error.
    expect((await page("?section=nope")).response.status).toBe(200);
  });

  it("lists what waits as task rows with one action each, and says so when nothing waits", async () => {
    const waiting = (text: string) => text.slice(text.indexOf("Waiting for you"));
    const pending = await db.select({ id: memberItems.id }).from(memberItems).where(eq(memberItems.status, "pending"));
    const active = await db.select({ id: popups.id }).from(popups).where(eq(popups.active, true));
    if (pending.length === 0 && active.length > 0) {
      expect(waiting((await page("")).text)).toContain("You are all caught up.");
    }
    const id = crypto.randomUUID();
    await db.insert(memberItems).values({
      id,
      userId: member.user.id,
      title: "Waiting lamp",
      priceCents: 1000,
      shortCode: `W${id.slice(0, 7)}`,
    });
    const text = waiting((await page("")).text);
    expect(text).toMatch(/member items? waits? for approval/);
    expect(text).toContain("Review items");
    expect(text).toContain('href="/theAdministrator?section=auction"');
    expect(text).not.toContain("You are all caught up.");
    await db.delete(memberItems).where(eq(memberItems.id, id));
  });

  it("splits revenue into store sales, refunds and donations", async () => {
    const before = (await page("")).text;
    const id = crypto.randomUUID();
    await db.insert(orders).values({
      id,
      number: `T-${id.slice(0, 8)}`,
      status: "refunded",
      amountCents: 5000,
      refundedCents: 1200,
      provider: "test",
      userId: member.user.id,
    });
    await db.insert(donations).values({
      id: crypto.randomUUID(),
      amountCents: 700,
      status: "succeeded",
      email: "donor@example.com",
    });
    const after = (await page("")).text;
    expect(total(after, "store") - total(before, "store")).toBe(5000);
    expect(total(after, "refunds") - total(before, "refunds")).toBe(1200);
    expect(total(after, "donations") - total(before, "donations")).toBe(700);
    expect(total(after, "revenue") - total(before, "revenue")).toBe(5000 - 1200 + 700);

    const list = (await page("?section=orders")).text;
    expect(list).toContain(`#T-${id.slice(0, 8)}`);
    expect(list).toContain(member.form.username);
    expect(list).toContain("Refunded");
  });

  it("searches the orders on the server by number or buyer, and links each number to its receipt", async () => {
    const buyer = await signUp();
    const tag = crypto.randomUUID().slice(0, 8);
    const mine = { id: crypto.randomUUID(), number: `S-${tag}` };
    const other = { id: crypto.randomUUID(), number: `O-${tag}` };
    await db.insert(orders).values([
      { ...mine, status: "paid", amountCents: 2500, provider: "test", userId: buyer.user.id },
      { ...other, status: "paid", amountCents: 900, provider: "test", userId: member.user.id },
    ]);
    const search = async (q: string) => (await page(`?section=orders&q=${encodeURIComponent(q)}`)).text;
    // By number, with or without the '#' the list shows.
    for (const q of [mine.number, `#${mine.number}`, mine.number.toLowerCase()]) {
      const text = await search(q);
      expect(text).toContain(`#${mine.number}`);
      expect(text).not.toContain(`#${other.number}`);
    }
    // By the buyer's e-mail (whole, shown in full) or part of their username.
    const byMail = await search(buyer.form.email);
    expect(byMail).toContain(`#${mine.number}`);
    expect(byMail).toContain(buyer.form.email);
    expect(byMail).not.toContain(`#${other.number}`);
    expect(await search(buyer.form.username.slice(0, 10))).toContain(`#${mine.number}`);
    // The number opens the order's receipt (the admin may read any order there).
    expect(byMail).toContain(`href="/checkOut/${admin.user.id}?order=${mine.id}"`);
    // The search stays in the form and in the pager's links.
    expect(byMail).toContain(`value="${buyer.form.email}"`);
    // Wildcards are literal; no match says so; an over-long search is dropped, never an error.
    expect(await search("%")).toContain("No orders match.");
    const long = await page(`?section=orders&q=${"x".repeat(500)}`);
    expect(long.response.status).toBe(200);
    expect(long.text).toContain(`#${mine.number}`);
    const receipt = await call(`/checkOut/${admin.user.id}?order=${mine.id}`, { cookie: admin.cookie });
    expect(receipt.status).toBe(200);
    expect(await html(receipt)).toContain(mine.number);
  });

  it("draws each tile's last 30 days and says it in a sentence, the refunds apart", async () => {
    await signUp();
    const from = (Math.floor(Date.now() / 86_400_000) - 29) * 86_400_000;
    const [signups] = await db
      .select({ n: sql<number>`count(*)` })
      .from(users)
      .where(gte(users.createdAt, new Date(from)));
    const { response, text } = await page("");
    expect(Number(response.headers.get("x-d1-waits"))).toBeLessThanOrEqual(2);
    // Users, projects, files, revenue, store sales, donations: six lines, six sentences.
    expect(text.match(/data-sparkline/g)).toHaveLength(6);
    expect(text.match(/data-trend/g)).toHaveLength(6);
    expect(text).toMatch(/<svg[^>]*aria-hidden="true"[^>]*data-sparkline/);
    expect(text).toContain(`Sign-ups, last 30 days: ${signups!.n},`);
    for (const name of ["New projects", "Files added", "Revenue", "Store sales", "Donations"])
      expect(text).toMatch(new RegExp(`${name}, last 30 days: [^<]+ (before|days before)<`));
    // The refunds tile keeps its total and note, with no trend.
    expect(text).toMatch(/data-total="refunds">[^<]+<\/dd><dd[^>]*>Paid back of store orders<\/dd><\/div>/);
  });

  it("sorts the users by a column both ways and pages them", async () => {
    const tag = `sortme${crypto.randomUUID().slice(0, 6)}`;
    for (const letter of ["b", "a", "c"]) {
      await signUp({ email: `${letter}-${tag}@example.com` });
    }
    // Each e-mail once: the table cells' text (with its break opportunity after the '@' taken out; the
    // page's data script repeats them).
    const order = (text: string) =>
      [
        ...text
          .slice(0, text.indexOf("</table>"))
          .replace(/<wbr\s*\/?>/g, "")
          .matchAll(new RegExp(`>([abc])-${tag}@example.com`, "g")),
      ].map((m) => m[1]);
    const asc = await page(`?section=users&q=${tag}&sort=email`);
    expect(order(asc.text)).toEqual(["a", "b", "c"]);
    expect(asc.text).toMatch(/aria-sort="ascending"/);
    const desc = await page(`?section=users&q=${tag}&sort=email&dir=desc`);
    expect(order(desc.text)).toEqual(["c", "b", "a"]);
    // A bad sort or page is the default, never a 5xx.
    expect((await page("?section=users&sort=password&dir=sideways&page=-3")).response.status).toBe(200);
    const count = (await db.select({ id: users.id }).from(users)).length;
    if (count > 25) expect((await page("?section=users&page=2")).text).toContain("page 2 of");
  });
});

describe("the popups section", () => {
  const savePopup = async (header: string, active = false) => {
    const [row] = await db
      .insert(popups)
      .values({ id: crypto.randomUUID(), header, paragraphText: "Hello", createdBy: admin.user.id })
      .returning();
    if (active)
      expect(
        (await act("/theAdministrator", { intent: "set-active-popup", popCustomId: row!.id }, admin.cookie)).status,
      ).toBe(200);
    return row!;
  };

  it("lists each popup as a row with one control per action", async () => {
    const popup = await savePopup(`Listed ${crypto.randomUUID().slice(0, 6)}`, true);
    const spare = await savePopup(`Spare ${crypto.randomUUID().slice(0, 6)}`);
    const { text } = await page("?section=popups");
    expect(text).toContain(`/popcustom?id=${popup.id}`);
    expect(text).toContain(`/webpopup?id=${popup.id}`);
    // No second way to the same actions: the select above the list is gone.
    expect(text).not.toContain("Select a popup");
    const row = (id: string) =>
      text.slice(text.indexOf(`data-popup="${id}"`), text.indexOf("</li>", text.indexOf(`data-popup="${id}"`)));
    // The active row offers Deactivate, an inactive one 'Set as Active Popup'; each row one Delete.
    expect(row(popup.id)).toContain("Deactivate");
    expect(row(popup.id)).not.toContain("Set as Active Popup");
    expect(row(spare.id)).toContain("Set as Active Popup");
    expect(row(spare.id)).not.toContain("Deactivate");
    for (const id of [popup.id, spare.id]) {
      expect(row(id).match(/>Delete</g)).toHaveLength(1);
      expect(row(id).match(/>Edit</g)).toHaveLength(1);
      expect(row(id).match(/>Duplicate</g)).toHaveLength(1);
    }
    expect(text.match(/href="\/popcustom"/g)).toHaveLength(1);
  });

  it("duplicates a popup as an inactive copy and deactivates the active one", async () => {
    const popup = await savePopup(`Copied ${crypto.randomUUID().slice(0, 6)}`, true);
    const copied = await act("/theAdministrator", { intent: "duplicate-popup", popCustomId: popup.id }, admin.cookie);
    expect(copied.status).toBe(200);
    const copies = await db
      .select()
      .from(popups)
      .where(eq(popups.header, `${popup.header} (copy)`));
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({ active: false, paragraphText: "Hello", createdBy: admin.user.id });

    const off = await act("/theAdministrator", { intent: "deactivate-popup", popCustomId: popup.id }, admin.cookie);
    expect(off.status).toBe(200);
    expect((await db.select().from(popups).where(eq(popups.active, true))).length).toBe(0);

    const missing = await act("/theAdministrator", { intent: "duplicate-popup", popCustomId: "nope" }, admin.cookie);
    expect(missing.status).toBe(404);
    const refused = await act(
      "/theAdministrator",
      { intent: "deactivate-popup", popCustomId: popup.id },
      member.cookie,
    );
    expect(refused.status).toBe(403);
  });
});

describe("the beat battle and community sections", () => {
  it("lists the sign-ups from the loader", async () => {
    const email = `early-${crypto.randomUUID().slice(0, 6)}@example.com`;
    await db.insert(communitySignups).values({ id: crypto.randomUUID(), name: "Early Bird", email, message: "Hi" });
    const { text } = await page("?section=community");
    expect(text).toContain(email);
    expect(text).toContain("Early Bird");
  });

  it("saves the battle's title and deadline and reveals producers through the dashboard's action", async () => {
    const deadline = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const saved = await act(
      "/theAdministrator",
      { intent: "save-battle", title: "Winter Beats", deadline },
      admin.cookie,
    );
    expect(saved.status).toBe(200);
    expect((await page("?section=beat-battle")).text).toContain('value="Winter Beats"');
    const blank = await act("/theAdministrator", { intent: "save-battle", title: "", deadline }, admin.cookie);
    expect(blank.status).toBe(400);
    expect((await act("/theAdministrator", { intent: "reveal-battle", revealed: "true" }, admin.cookie)).status).toBe(
      200,
    );
    expect((await page("?section=beat-battle")).text).toContain("producers revealed");
    await act("/theAdministrator", { intent: "reveal-battle", revealed: "false" }, admin.cookie);
  });

  it("plays each entry's audio in the shared player, not the browser's bare controls", async () => {
    const [battle] = await db.select({ id: beatBattles.id }).from(beatBattles).limit(1);
    const entryId = crypto.randomUUID();
    await db.batch([
      db.insert(beatBattleEntries).values({
        id: entryId,
        battleId: battle!.id,
        userId: member.user.id,
        number: 1,
        email: member.form.email,
        projectTitle: "Night Drive",
        producerName: "Judged Blind",
      }),
      db.insert(beatBattleFiles).values({
        id: crypto.randomUUID(),
        entryId,
        key: `users/${member.user.id}/beatbattle/${entryId}/night_drive_96bpm.mp3`,
        fileName: "night_drive_96bpm.mp3",
        contentType: "audio/mpeg",
        size: 1024,
      }),
    ]);
    const { text } = await page("?section=beat-battle");
    expect(text).toContain('aria-label="Play Entry 1: night_drive_96bpm.mp3"');
    expect(text).toMatch(/role="slider"[^>]*aria-label="Seek Entry 1: night_drive_96bpm.mp3"/);
    expect(text).toMatch(/<audio[^>]*src="http:\/\/localhost\/api\//);
    expect(text).not.toMatch(/<(audio|video)[^>]*\scontrols/);
    await db.delete(beatBattleEntries).where(eq(beatBattleEntries.id, entryId));
  });
});

describe("the beat battle section when D1 fails", () => {
  it("opens and says 'Failed to load beat battle entries.' (seed 001 §8)", async () => {
    const broken = {
      db: {
        batch: () => Promise.reject(new Error("D1 is down")),
        select: () => {
          throw new Error("D1 is down");
        },
      },
    } as unknown as Deps;
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const section = await battleSection(broken);
    quiet.mockRestore();
    expect(section).toMatchObject({ section: "beat-battle", failed: ENTRIES_LOAD_FAILED, battle: null });
    expect(ENTRIES_LOAD_FAILED).toBe("Failed to load beat battle entries.");
  });
});

describe("who may open it", () => {
  it("tells a member plainly that the page is not theirs, with a way back", async () => {
    const { response, text } = await page("?section=orders", member.cookie);
    expect(response.status).toBe(403);
    expect(text).toContain("You don't have access to this page");
    expect(text).toContain('href="/authenticated"');
    expect(text).not.toContain("Internal Server Error");
  });

  it("links home from the 404 page", async () => {
    const response = await call("/no-such-page-here");
    expect(response.status).toBe(404);
    expect(await html(response)).toContain('href="/"');
  });
});
