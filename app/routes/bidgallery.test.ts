// The auction pages as a browser gets them (SSR through the whole Worker):
// the gallery and its actions (offers, member items), the admin's create-bid,
// member-item entry and pending list, and the auction section of the dashboard.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bidder, bidItemStub, listItem, mediaUpload } from "../../tests/workers/auction";
import { call, signUp } from "../../tests/workers/http";
import { act, actJson, html } from "../../tests/workers/pages";
import { database } from "../../worker/db/client";
import { bidItems, memberItems, users } from "../../worker/db/schema";
import {
  ADD_SHIPPING_FIRST,
  ITEM_NEEDS_TITLE_PRICE_FILE,
  MEMBER_ITEM_NEEDS_TITLE_AMOUNT,
  MUST_SIGN_IN,
  NO_VALID_ITEMS,
  OFFER_SUBMITTED,
  OFFER_TOO_LOW,
} from "../lib/schemas/auction";

const db = database(env.DB);
let admin: Awaited<ReturnType<typeof signUp>>;
let member: Awaited<ReturnType<typeof signUp>>;

function createItem(title: string, price = 10) {
  return listItem(admin.cookie, { title, description: "A fine lot", price });
}

const stub = bidItemStub;

/** The card of one item in the gallery's HTML. */
function card(page: string, code: string) {
  const start = page.indexOf(`data-code="${code}"`);
  if (start < 0) throw new Error(`no card for ${code}`);
  const end = page.indexOf("</li>", start);
  return page.slice(start, end);
}

beforeAll(async () => {
  admin = await signUp();
  await db.update(users).set({ role: "admin" }).where(eq(users.id, admin.user.id));
  member = await signUp();
});

describe("/bidgallery", () => {
  it("shows the heading and the empty state when nothing is for sale", async () => {
    // Each test file has its own storage, and this test runs before any item is created.
    expect(await db.select({ code: bidItems.shortCode }).from(bidItems)).toHaveLength(0);
    const page = await html(await call("/bidgallery"));
    expect(page).toContain("<h1>The Great International Empire Auction</h1>");
    expect(page).toContain("No items are up for auction yet.");
  });

  it("renders each item's card: title, ticket, description, price, code, media and the offer form", async () => {
    const code = await createItem("Brass microphone", 12.5);
    const [row] = await db.select().from(bidItems).where(eq(bidItems.shortCode, code));
    const response = await call("/bidgallery");
    expect(response.status).toBe(200);
    const item = card(await html(response, { keepSeparators: true }), code);
    expect(item).toContain("Brass microphone");
    expect(item).toContain(`Ticket #<!-- -->${row!.ticketNumber}`);
    expect(item).toContain("A fine lot");
    expect(item).toContain("$12.50");
    expect(item).toContain("Product code");
    expect(item).toContain(code);
    expect(item).toMatch(/<img [^>]*src="[^"]+"[^>]*alt="Brass microphone: lot.png"/);
    const input = item.match(/<input[^>]*name="amount"[^>]*>/)?.[0] ?? "";
    expect(input).toContain('type="number"');
    expect(input).toContain('step="0.01"');
    expect(item).toContain("Make Offer");
    expect(item).not.toContain("Sale Closed");
  });

  it("shows 'Sale Closed' and no offer input for a closed item", async () => {
    const code = await createItem("Closed lot");
    await stub(code).close();
    const item = card(await html(await call("/bidgallery")), code);
    expect(item).toContain("Sale Closed");
    expect(item).not.toContain('name="amount"');
    expect(item).not.toContain("Make Offer");
  });

  it("offers the 'Submit your own item' form to members only", async () => {
    expect(await html(await call("/bidgallery"))).not.toContain("Submit your own item");
    expect(await html(await call("/bidgallery", { cookie: member.cookie }))).toContain("Submit your own item");
  });
});

describe("the offer action", () => {
  it("tells a visitor to sign in (NOT_AUTHENTICATED)", async () => {
    const code = await createItem("Visitor lot");
    const result = await act("/bidgallery", { intent: "offer", code, amount: "20" });
    expect(result.status).toBe(401);
    expect(result.text).toContain("NOT_AUTHENTICATED");
    expect(result.text).toContain(MUST_SIGN_IN);
  });

  it("sends a member without a shipping address to Settings (MISSING_SHIPPING)", async () => {
    const code = await createItem("Shipping lot");
    const result = await act("/bidgallery", { intent: "offer", code, amount: "20" }, member.cookie);
    expect(result.status).toBe(409);
    expect(result.text).toContain("MISSING_SHIPPING");
    expect(result.text).toContain(ADD_SHIPPING_FIRST);
  });

  it("accepts a higher offer with 'Offer submitted!' and the new price, and refuses one not above it", async () => {
    const code = await createItem("Offer lot", 10);
    const buyer = await bidder();
    for (const amount of ["10", "9.99", "", "abc"]) {
      const low = await act("/bidgallery", { intent: "offer", code, amount }, buyer.cookie);
      expect(low.status, amount).toBe(400);
      expect(low.text).toContain(OFFER_TOO_LOW);
    }
    const ok = await act("/bidgallery", { intent: "offer", code, amount: "10.01" }, buyer.cookie);
    expect(ok.status).toBe(200);
    expect(ok.text).toContain(OFFER_SUBMITTED);
    expect(ok.text).toContain("1001");
    expect(card(await html(await call("/bidgallery")), code)).toContain("$10.01");
    // The bidder is the session's user, whatever the form says.
    const offers = await stub(code).offers();
    expect(offers.at(-1)).toMatchObject({ userId: buyer.user.id, amountCents: 1001 });
    const again = await act("/bidgallery", { intent: "offer", code, amount: "10.01" }, buyer.cookie);
    expect(again.text).toContain(OFFER_TOO_LOW);
  });

  it("answers a form sent without JavaScript (a document POST) in the page itself", async () => {
    const code = await createItem("No-script lot", 10);
    const visitor = await call("/bidgallery", { body: new URLSearchParams({ intent: "offer", code, amount: "20" }) });
    expect(visitor.status).toBe(401);
    expect(card(await html(visitor), code)).toContain(MUST_SIGN_IN);
    const buyer = await bidder();
    const low = await call("/bidgallery", {
      body: new URLSearchParams({ intent: "offer", code, amount: "5" }),
      cookie: buyer.cookie,
    });
    expect(card(await html(low), code)).toContain(OFFER_TOO_LOW);
    const ok = await call("/bidgallery", {
      body: new URLSearchParams({ intent: "offer", code, amount: "20" }),
      cookie: buyer.cookie,
    });
    expect(ok.status).toBe(200);
    const page = card(await html(ok), code);
    expect(page).toContain(OFFER_SUBMITTED);
    expect(page).toContain("$20.00");
  });

  it("refuses offers on a closed sale and on unknown items", async () => {
    const code = await createItem("Shut lot");
    await stub(code).close();
    const buyer = await bidder();
    const closed = await act("/bidgallery", { intent: "offer", code, amount: "50" }, buyer.cookie);
    expect(closed.status).toBe(400);
    expect(closed.text).toContain("This sale is closed.");
    const unknown = await act("/bidgallery", { intent: "offer", code: "ZZZZZ9", amount: "50" }, buyer.cookie);
    expect(unknown.status).toBe(404);
  });
});

describe("member items", () => {
  it("lets a member submit an item from the gallery, pending the admin's approval", async () => {
    const missing = await act("/bidgallery", { intent: "member-item", title: "", price: "5" }, member.cookie);
    expect(missing.status).toBe(400);
    expect(missing.text).toContain(MEMBER_ITEM_NEEDS_TITLE_AMOUNT);
    const noPrice = await act("/bidgallery", { intent: "member-item", title: "Hat", price: "" }, member.cookie);
    expect(noPrice.text).toContain(MEMBER_ITEM_NEEDS_TITLE_AMOUNT);

    const ok = await act(
      "/bidgallery",
      { intent: "member-item", title: "Signed poster", description: "Rare", price: "25" },
      member.cookie,
    );
    expect(ok.status).toBe(200);
    const [item] = await db.select().from(memberItems).where(eq(memberItems.title, "Signed poster"));
    expect(item).toMatchObject({ userId: member.user.id, priceCents: 2500, status: "pending" });
    expect(ok.text).toContain(item!.shortCode);

    const pending = await html(await call("/memitem", { cookie: admin.cookie }));
    expect(pending).toContain("Signed poster");
    expect(pending).toContain("Approve");
    expect(pending).toContain("Deny");
  });

  it("sends a visitor who submits an item to sign in", async () => {
    const result = await act("/bidgallery", { intent: "member-item", title: "Sneaky", price: "5" });
    expect(result.text).toContain("/signin?from=");
    expect(await db.select().from(memberItems).where(eq(memberItems.title, "Sneaky"))).toHaveLength(0);
  });

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
  it("lists offers grouped by item with username, e-mail, amount and status, and pending member items", async () => {
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
    const page = await html(await call("/theAdministrator", { cookie: admin.cookie }));
    const start = page.indexOf(`data-code="${code}"`);
    const group = page.slice(start, page.indexOf("</article>", start));
    expect(group).toContain("Dashboard lot");
    expect(group).toContain(buyer.form.username);
    expect(group).toContain(buyer.form.email);
    expect(group).toContain("$11.00");
    expect(group).toContain("pending");
    expect(group).toContain("Approve");
    expect(group).toContain("Close Sale");
    expect(page).toContain("Waiting item");
  });

  it("approves an offer and closes a sale; a closed group shows 'Sale Closed' and disables Approve", async () => {
    const code = await createItem("Closing lot", 10);
    const buyer = await bidder();
    expect((await act("/bidgallery", { intent: "offer", code, amount: "12" }, buyer.cookie)).status).toBe(200);
    const [offer] = await stub(code).offers();

    const approved = await act(
      "/theAdministrator",
      { intent: "approve-offer", code, offerId: String(offer!.id) },
      admin.cookie,
    );
    expect(approved.status).toBe(200);
    expect((await stub(code).offers())[0]!.status).toBe("approved");
    const missing = await act("/theAdministrator", { intent: "approve-offer", code, offerId: "999" }, admin.cookie);
    expect(missing.status).toBe(404);

    const closed = await act("/theAdministrator", { intent: "close-sale", code }, admin.cookie);
    expect(closed.status).toBe(200);
    expect((await stub(code).state())!.status).toBe("closed");
    const [row] = await db.select().from(bidItems).where(eq(bidItems.shortCode, code));
    expect(row!.status).toBe("closed");

    const page = await html(await call("/theAdministrator", { cookie: admin.cookie }));
    const start = page.indexOf(`data-code="${code}"`);
    const group = page.slice(start, page.indexOf("</article>", start));
    expect(group).toContain("Sale Closed");
    expect(group).not.toContain("Close Sale");
    expect(group).toMatch(/<button[^>]*disabled=""[^>]*>Approved<\/button>/);
    expect(card(await html(await call("/bidgallery")), code)).toContain("Sale Closed");

    const unknown = await act("/theAdministrator", { intent: "close-sale", code: "NOPE00" }, admin.cookie);
    expect(unknown.status).toBe(404);
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
