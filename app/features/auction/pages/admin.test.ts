// The auction's admin pages as a browser gets them: /createBid, the member-item entry (/memBid)
// and pending list (/memitem), and the auction section of /theAdministrator; who may use them.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  auctionAdmin,
  bidder,
  galleryCard as card,
  mediaUpload,
  memberBeforeAll,
  bidItemStub as stub,
} from "../../../../tests/workers/auction";
import { call } from "../../../../tests/workers/http";
import { act, actJson, html } from "../../../../tests/workers/pages";
import { database } from "../../../../worker/db/client";
import { bidItems, memberItems } from "../../../../worker/db/schema";
import { APPROVE_ONLY_WINNER } from "../../../../worker/domain/auction/lot-state";
import {
  ITEM_NEEDS_TITLE_PRICE_FILE,
  MEMBER_ITEM_NEEDS_TITLE_AMOUNT,
  NO_VALID_ITEMS,
} from "../../../kernel/schemas/auction";

const db = database(env.DB);
const admin = auctionAdmin({ description: "A fine lot" });
const createItem = (title: string, price = 10) => admin.list({ title, price });
const member = memberBeforeAll();

describe("member items (admin)", () => {
  it("takes the admin's entry at /memBid", async () => {
    const missing = await act("/memBid", { title: "Lamp", price: "" }, admin.cookie);
    expect(missing.status).toBe(400);
    expect(missing.text).toContain(MEMBER_ITEM_NEEDS_TITLE_AMOUNT);
    const ok = await act("/memBid", { title: "Desk lamp", description: "Brass", price: "7.5" }, admin.cookie);
    expect(ok.status).toBe(200);
    const [item] = await db.select().from(memberItems).where(eq(memberItems.title, "Desk lamp"));
    expect(item).toMatchObject({ userId: admin.user.id, priceCents: 750, status: "pending" });
  });

  it("approves at /memitem: the item joins the gallery under its code and the approver is recorded; deny removes it", async () => {
    const approveMe = await act(
      "/bidgallery",
      { intent: "member-item", title: "Approve me", price: "3" },
      member.cookie,
    );
    const denyMe = await act("/bidgallery", { intent: "member-item", title: "Deny me", price: "4" }, member.cookie);
    expect(approveMe.status).toBe(200);
    expect(denyMe.status).toBe(200);
    const [a] = await db.select().from(memberItems).where(eq(memberItems.title, "Approve me"));
    const [d] = await db.select().from(memberItems).where(eq(memberItems.title, "Deny me"));

    const approved = await act("/memitem", { intent: "approve-item", id: a!.id }, admin.cookie);
    expect(approved.status).toBe(200);
    const denied = await act("/memitem", { intent: "deny-item", id: d!.id }, admin.cookie);
    expect(denied.status).toBe(200);
    const [afterA] = await db.select().from(memberItems).where(eq(memberItems.id, a!.id));
    expect(afterA).toMatchObject({ status: "approved", approvedBy: admin.user.id });
    const [afterD] = await db.select().from(memberItems).where(eq(memberItems.id, d!.id));
    expect(afterD!.status).toBe("denied");

    const gallery = await html(await call("/bidgallery"));
    expect(card(gallery, a!.shortCode)).toContain("Approve me");
    expect(card(gallery, a!.shortCode)).toContain("$3.00");
    expect(gallery).not.toContain("Deny me");
    const pending = await html(await call("/memitem", { cookie: admin.cookie }));
    expect(pending).not.toContain("Approve me");
    expect(pending).not.toContain("Deny me");

    // Decided once: a second decision fails.
    const twice = await act("/memitem", { intent: "deny-item", id: a!.id }, admin.cookie);
    expect(twice.status).toBe(404);
  });
});

describe("admin pages", () => {
  const adminPages = ["/createBid", "/memBid", "/memitem", "/theAdministrator"];

  it.each(adminPages)("%s sends a visitor to sign in and refuses a member (403)", async (path) => {
    const visitor = await call(path);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe(`/signin?from=${encodeURIComponent(path)}`);
    expect((await call(path, { cookie: member.cookie })).status).toBe(403);
    expect((await call(path, { cookie: admin.cookie })).status).toBe(200);
  });

  it("refuses a member's admin actions (403) and changes nothing", async () => {
    const code = await createItem("Guarded lot");
    const [item] = await db
      .insert(memberItems)
      .values({
        id: crypto.randomUUID(),
        userId: member.user.id,
        title: "Guarded member item",
        priceCents: 100,
        shortCode: "GUARD1",
      })
      .returning();
    const attempts: [string, Record<string, string>][] = [
      ["/theAdministrator", { intent: "close-sale", code }],
      ["/theAdministrator", { intent: "approve-offer", code, offerId: "1" }],
      ["/theAdministrator", { intent: "approve-item", id: item!.id }],
      ["/memitem", { intent: "approve-item", id: item!.id }],
      ["/memitem", { intent: "deny-item", id: item!.id }],
      ["/memBid", { title: "Mine", price: "5" }],
    ];
    for (const [path, fields] of attempts) {
      expect((await act(path, fields, member.cookie)).status, `${path} ${fields.intent}`).toBe(403);
    }
    const create = await actJson(
      "/createBid",
      { intent: "create", items: [{ title: "x", price: 1, mediaIds: ["m"] }] },
      member.cookie,
    );
    expect(create.status).toBe(403);
    expect((await stub(code).state())!.status).toBe("open");
    expect((await db.select().from(memberItems).where(eq(memberItems.id, item!.id)))[0]!.status).toBe("pending");
  });

  it("shows the create-bid form with the drop zone", async () => {
    const page = await html(await call("/createBid", { cookie: admin.cookie }));
    expect(page).toContain("Create bid items");
    expect(page).toContain("Add item");
    expect(page).toContain('type="file"');
  });

  it("creates items from /createBid, skipping invalid ones with the seed's message", async () => {
    const mediaId = await mediaUpload(admin.cookie);
    const result = await actJson(
      "/createBid",
      {
        intent: "create",
        items: [
          { title: "", price: 5, mediaIds: [mediaId] },
          { title: "Created from the page", description: "", price: 15, mediaIds: [mediaId] },
        ],
      },
      admin.cookie,
    );
    expect(result.status).toBe(200);
    expect(result.text).toContain(ITEM_NEEDS_TITLE_PRICE_FILE);
    const [row] = await db.select().from(bidItems).where(eq(bidItems.title, "Created from the page"));
    expect(row).toMatchObject({ priceCents: 1500, status: "open" });
    expect(result.text).toContain(row!.shortCode);

    const none = await actJson(
      "/createBid",
      { intent: "create", items: [{ title: "No files", price: 5, mediaIds: [] }] },
      admin.cookie,
    );
    expect(none.status).toBe(400);
    expect(none.text).toContain(NO_VALID_ITEMS);
  });
});

describe("the dashboard's auction section", () => {
  it("lists offers grouped by item with username, e-mail, amount and who leads, and pending member items", async () => {
    const code = await createItem("Dashboard lot", 10);
    const buyer = await bidder();
    expect((await act("/bidgallery", { intent: "offer", code, amount: "11" }, buyer.cookie)).status).toBe(200);
    await db.insert(memberItems).values({
      id: crypto.randomUUID(),
      userId: member.user.id,
      title: "Waiting item",
      priceCents: 900,
      shortCode: "WAIT01",
    });
    const page = await html(await call("/theAdministrator?section=auction", { cookie: admin.cookie }));
    const start = page.indexOf(`data-code="${code}"`);
    const group = page.slice(start, page.indexOf("</article>", start));
    expect(group).toContain("Dashboard lot");
    expect(group).toContain(buyer.form.username);
    expect(group).toContain(buyer.form.email);
    expect(group).toContain("$11.00");
    expect(group).toContain("leading");
    expect(group).toContain("Close Sale");
    expect(group).toContain("Approve");
    expect(page).toContain("Waiting item");
  });

  it("an open lot's leading bid is approved once, then the sale closes; a lot closed unapproved keeps Approve disabled", async () => {
    const code = await createItem("Closing lot", 10);
    const first = await bidder();
    const buyer = await bidder();
    expect((await act("/bidgallery", { intent: "offer", code, amount: "11" }, first.cookie)).status).toBe(200);
    expect((await act("/bidgallery", { intent: "offer", code, amount: "12" }, buyer.cookie)).status).toBe(200);
    const [outbid, winning] = await stub(code).offers();
    const section = async (lot = code) => {
      const page = await html(await call("/theAdministrator?section=auction", { cookie: admin.cookie }));
      const start = page.indexOf(`data-code="${lot}"`);
      return { page, group: page.slice(start, page.indexOf("</article>", start)) };
    };
    const buttons = (group: string) => [...group.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);
    const approve = (offerId: string, lot = code) =>
      act("/theAdministrator", { intent: "approve-offer", code: lot, offerId }, admin.cookie);

    const open = await section();
    expect(open.group).toContain('data-state="open"');
    expect(open.group).toContain(">Open<");
    expect(buttons(open.group)).toEqual(["Approve", "Close Sale"]);
    expect(open.page).toMatch(/To do: \d+ leading bids? to approve before (the sale closes|their sales close)/);
    // Only the leading bid: the outbid one is refused, an unknown one is not found.
    const loser = await approve(String(outbid!.id));
    expect(loser.status).toBe(409);
    expect(loser.text).toContain(APPROVE_ONLY_WINNER);
    expect((await approve("999")).status).toBe(404);
    expect((await approve(String(winning!.id))).status).toBe(200);
    expect((await stub(code).offers()).map((offer) => offer.status)).toEqual(["accepted", "approved"]);
    expect((await approve(String(winning!.id))).status).toBe(409);

    let { group } = await section();
    expect(group).toContain("leading bid approved");
    expect(buttons(group)).toEqual(["Close Sale"]);

    const closed = await act("/theAdministrator", { intent: "close-sale", code }, admin.cookie);
    expect(closed.status).toBe(200);
    expect((await stub(code).state())!.status).toBe("closed");
    const [row] = await db.select().from(bidItems).where(eq(bidItems.shortCode, code));
    expect(row!.status).toBe("closed");
    group = (await section()).group;
    expect(group).toContain('data-state="approved"');
    expect(group).toContain("winner approved");
    expect(buttons(group)).toEqual([]);
    // 'Sale Closed' is a status, never a control that looks like the Close Sale button.
    expect(group).toMatch(/<span class="[^"]*badge[^"]*">Sale Closed<\/span>/);
    expect(group).not.toMatch(/<(button|a)\b[^>]*>[^<]*Sale Closed/);
    expect(card(await html(await call("/bidgallery")), code)).toContain("Sale Closed");

    // Seed 001: the Approve button is disabled once the sale is closed, and the server refuses it.
    const late = await createItem("Late lot", 10);
    expect((await act("/bidgallery", { intent: "offer", code: late, amount: "11" }, first.cookie)).status).toBe(200);
    expect((await act("/theAdministrator", { intent: "close-sale", code: late }, admin.cookie)).status).toBe(200);
    const unapproved = await section(late);
    expect(unapproved.group).toContain('data-state="not-approved"');
    expect(unapproved.group).toContain("winner not approved");
    expect(unapproved.group).toMatch(/<button[^>]*disabled[^>]*>Approve<\/button>/);
    expect(unapproved.group).not.toContain("Close Sale");
    const [lateBid] = await stub(late).offers();
    expect((await approve(String(lateBid!.id), late)).status).toBe(409);

    const unknown = await act("/theAdministrator", { intent: "close-sale", code: "NOPE00" }, admin.cookie);
    expect(unknown.status).toBe(404);
  });

  it("a lot closed without bids says so and asks nothing", async () => {
    const code = await createItem("Quiet lot", 10);
    expect((await act("/theAdministrator", { intent: "close-sale", code }, admin.cookie)).status).toBe(200);
    const page = await html(await call("/theAdministrator?section=auction", { cookie: admin.cookie }));
    const start = page.indexOf(`data-code="${code}"`);
    const group = page.slice(start, page.indexOf("</article>", start));
    expect(group).toContain('data-state="no-bids"');
    expect(group).toContain("no bids");
    expect(group).not.toMatch(/<button/);
  });

  it("approves and denies member items from the dashboard", async () => {
    const [item] = await db
      .insert(memberItems)
      .values({
        id: crypto.randomUUID(),
        userId: member.user.id,
        title: "Dashboard approval",
        priceCents: 300,
        shortCode: "DASH01",
      })
      .returning();
    expect((await act("/theAdministrator", { intent: "approve-item", id: item!.id }, admin.cookie)).status).toBe(200);
    expect(card(await html(await call("/bidgallery")), "DASH01")).toContain("Dashboard approval");
    const [other] = await db
      .insert(memberItems)
      .values({
        id: crypto.randomUUID(),
        userId: member.user.id,
        title: "Dashboard denial",
        priceCents: 300,
        shortCode: "DASH02",
      })
      .returning();
    expect((await act("/theAdministrator", { intent: "deny-item", id: other!.id }, admin.cookie)).status).toBe(200);
    expect((await db.select().from(memberItems).where(eq(memberItems.id, other!.id)))[0]!.status).toBe("denied");
  });
});
