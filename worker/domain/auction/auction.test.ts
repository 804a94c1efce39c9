// The auction's domain through the public API: creating items, the offer's preconditions, the
// admin's offers, approval and closing, member items, prices. The BidItem object's own behaviour
// (serialising offers, soft close, write-through, live sockets) is in bid-item.test.ts.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADD_SHIPPING_FIRST, MUST_SIGN_IN, NO_VALID_ITEMS, OFFER_TOO_LOW } from "../../../app/kernel/schemas/auction";
import { auctionAdmin, bidder, mediaUpload, offer, bidItemStub as stub } from "../../../tests/workers/auction";
import { call, signUp } from "../../../tests/workers/http";
import { database } from "../../db/client";
import { bidItems, memberItems } from "../../db/schema";
import { orderNumber } from "../orders/checkout";
import { asRead, shortCode } from "./auction";

const db = database(env.DB);
const admin = auctionAdmin({ title: "Vintage mic", description: "Works" });
const createItem = (price = 10, extra: Record<string, unknown> = {}) => admin.list({ price, ...extra });

describe("codes people read aloud and type", () => {
  it("are made without I, L, O or U (lot codes keep the seed's 6 uppercase characters)", () => {
    for (let i = 0; i < 200; i++) {
      expect(shortCode()).toMatch(/^[0-9A-HJKMNP-TV-Z]{6}$/);
      expect(orderNumber()).toMatch(/^CP-[0-9A-HJKMNP-TV-Z]{8}$/);
    }
  });

  it("read O as 0 and I or L as 1, in any case", () => {
    expect(asRead(" l3soo5 ")).toBe("13S005");
    expect(asRead("9RC76I")).toBe("9RC761");
  });
});

describe("creating bid items", () => {
  it("gives each a unique 6-character code and ticket number, in D1 and in its object", async () => {
    const a = await createItem(12.5);
    const b = await createItem(3);
    expect(a).toMatch(/^[A-Z0-9]{6}$/);
    expect(a).not.toBe(b);
    const rows = await db.select().from(bidItems);
    const [rowA, rowB] = [rows.find((r) => r.shortCode === a)!, rows.find((r) => r.shortCode === b)!];
    expect(rowB.ticketNumber).toBe(rowA.ticketNumber + 1);
    expect(rowA).toMatchObject({ priceCents: 1250, status: "open", title: "Vintage mic" });
    expect(await stub(a).state()).toMatchObject({ shortCode: a, priceCents: 1250, status: "open" });
    const gallery = await (await call("/api/bid-items")).json<any>();
    const listed = gallery.bidItems.find((i: any) => i.shortCode === a);
    expect(listed.media[0]).toMatchObject({ kind: "image", fileName: "lot.png" });
  });

  it("skips invalid items with the seed's message and refuses when none is valid", async () => {
    const mediaId = await mediaUpload(admin.cookie);
    const mixed = await call("/api/bid-items", {
      cookie: admin.cookie,
      json: {
        items: [
          { title: "", price: 5, mediaIds: [mediaId] },
          { title: "Good", price: 5, mediaIds: [mediaId] },
          { title: "No files", price: 5, mediaIds: [] },
        ],
      },
    });
    const body = await mixed.json<any>();
    expect(body.created).toHaveLength(1);
    expect(body.skipped).toEqual([
      { index: 0, message: "Each item must have a title, price, and at least one file." },
      { index: 2, message: "Each item must have a title, price, and at least one file." },
    ]);
    const none = await call("/api/bid-items", { cookie: admin.cookie, json: { items: [{ title: "x" }] } });
    expect(none.status).toBe(400);
    expect((await none.json<any>()).error.message).toBe(NO_VALID_ITEMS);
  });

  it("accepts only the admin's own completed uploads as media", async () => {
    const member = await signUp();
    const theirs = await mediaUpload(member.cookie);
    const response = await call("/api/bid-items", {
      cookie: admin.cookie,
      json: { items: [{ title: "Stolen", price: 5, mediaIds: [theirs] }] },
    });
    expect(response.status).toBe(400);
  });
});

describe("offer rules", () => {
  it("needs a signed-in bidder", async () => {
    const code = await createItem();
    const response = await offer(code, 20);
    expect(response.status).toBe(401);
    expect((await response.json<any>()).error).toMatchObject({ code: "NOT_AUTHENTICATED", message: MUST_SIGN_IN });
  });

  it("needs a saved shipping address", async () => {
    const code = await createItem();
    const member = await signUp();
    const response = await offer(code, 20, member.cookie);
    expect(response.status).toBe(409);
    expect((await response.json<any>()).error).toMatchObject({ code: "MISSING_SHIPPING", message: ADD_SHIPPING_FIRST });
  });

  it("must be strictly above the current price", async () => {
    const code = await createItem(10);
    const member = await bidder();
    for (const amount of [10, 9.99, 0, -5, "abc"]) {
      const response = await offer(code, amount, member.cookie);
      expect(response.status, String(amount)).toBe(400);
      expect((await response.json<any>()).error.message).toBe(OFFER_TOO_LOW);
    }
    const ok = await offer(code, 10.01, member.cookie);
    expect(ok.status).toBe(201);
    expect(await ok.json<any>()).toMatchObject({ message: "Offer submitted!", item: { priceCents: 1001 } });
    const [row] = await db.select().from(bidItems).where(eq(bidItems.shortCode, code));
    expect(row!.priceCents).toBe(1001);
  });

  it("takes the bidder from the session, whatever the body says", async () => {
    const code = await createItem(1);
    const member = await bidder();
    await call(`/api/bid-items/${code}/offers`, {
      cookie: member.cookie,
      json: { amount: 2, email: "victim@example.com", username: "victim", userId: admin.user.id },
    });
    const [offerRow] = await stub(code).offers();
    expect(offerRow).toMatchObject({
      userId: member.user.id,
      email: member.form.email,
      username: member.form.username,
    });
  });

  it("is refused once the sale is closed", async () => {
    const code = await createItem(1);
    const member = await bidder();
    expect((await call(`/api/bid-items/${code}/close`, { cookie: admin.cookie, method: "POST" })).status).toBe(200);
    const response = await offer(code, 100, member.cookie);
    expect(response.status).toBe(400);
    expect((await response.json<any>()).error.code).toBe("SALE_CLOSED");
    const [row] = await db.select().from(bidItems).where(eq(bidItems.shortCode, code));
    expect(row!.status).toBe("closed");
  });

  it("answers an unknown item with 404", async () => {
    const member = await bidder();
    expect((await offer("ZZZZZ9", 5, member.cookie)).status).toBe(404);
  });
});

describe("admin: offers, approval, closing", () => {
  it("lists offers grouped by item with each lot's state and actions; the leading bid is approved while open, once", async () => {
    const code = await createItem(1);
    const member = await bidder();
    await offer(code, 2, member.cookie);
    const groups = (await (await call("/api/offers", { cookie: admin.cookie })).json<any>()).allOffers;
    const group = groups.find((g: any) => g.shortCode === code);
    expect(group).toMatchObject({
      title: "Vintage mic",
      closed: false,
      offers: [
        expect.objectContaining({
          username: member.form.username,
          email: member.form.email,
          amountCents: 200,
          status: "accepted",
        }),
      ],
    });
    expect(group).toMatchObject({ state: "open", actions: ["approve", "close"], winningOfferId: group.offers[0].id });
    const offerId = group.offers[0].id;
    const approve = () =>
      call(`/api/bid-items/${code}/offers/${offerId}/approve`, { cookie: admin.cookie, method: "POST" });
    const approved = await approve();
    expect(await approved.json<any>()).toMatchObject({ message: "Offer approved", offer: { status: "approved" } });
    expect((await approve()).status).toBe(409);
    await call(`/api/bid-items/${code}/close`, { cookie: admin.cookie, method: "POST" });
    const closed = (await (await call("/api/offers", { cookie: admin.cookie })).json<any>()).allOffers;
    expect(closed.find((g: any) => g.shortCode === code)).toMatchObject({
      closed: true,
      state: "approved",
      actions: [],
    });
    expect(
      (await call(`/api/bid-items/${code}/offers/9999/approve`, { cookie: admin.cookie, method: "POST" })).status,
    ).toBe(404);
  });

  it("refuses every admin call to a member (403) and a visitor (401)", async () => {
    const code = await createItem(1);
    const member = await bidder();
    const calls: [string, string, unknown?][] = [
      ["POST", "/api/bid-items", { items: [] }],
      ["POST", `/api/bid-items/${code}/close`],
      ["POST", `/api/bid-items/${code}/offers/1/approve`],
      ["GET", "/api/offers"],
      ["GET", "/api/member-items"],
      ["POST", "/api/member-items/x/approve"],
      ["POST", "/api/member-items/x/deny"],
    ];
    for (const [method, path, json] of calls) {
      expect((await call(path, { method, json, cookie: member.cookie })).status, `${method} ${path}`).toBe(403);
      expect((await call(path, { method, json })).status, `${method} ${path}`).toBe(401);
    }
    expect((await stub(code).state())!.status).toBe("open");
  });
});

describe("member items", () => {
  it("wait as pending until the admin approves (joins the gallery, approver recorded) or denies", async () => {
    const member = await signUp();
    const bad = await call("/api/member-items", { cookie: member.cookie, json: { title: "", price: "" } });
    expect((await bad.json<any>()).error.message).toBe("Each item must have a title and offer amount.");
    const first = (
      await (
        await call("/api/member-items", {
          cookie: member.cookie,
          json: { title: "My guitar", description: "Red", price: 150 },
        })
      ).json<any>()
    ).item;
    const second = (
      await (
        await call("/api/member-items", { cookie: member.cookie, json: { title: "My amp", price: 80 } })
      ).json<any>()
    ).item;
    expect(first).toMatchObject({ status: "pending", priceCents: 15000 });
    expect(first.shortCode).toMatch(/^[A-Z0-9]{6}$/);

    const pending = (await (await call("/api/member-items", { cookie: admin.cookie })).json<any>()).memItems;
    expect(pending.map((i: any) => i.id)).toEqual(expect.arrayContaining([first.id, second.id]));

    await call(`/api/member-items/${first.id}/approve`, { cookie: admin.cookie, method: "POST" });
    await call(`/api/member-items/${second.id}/deny`, { cookie: admin.cookie, method: "POST" });
    const [approved] = await db.select().from(memberItems).where(eq(memberItems.id, first.id));
    expect(approved).toMatchObject({ status: "approved", approvedBy: admin.user.id });
    const gallery = (await (await call("/api/bid-items")).json<any>()).bidItems;
    expect(gallery.find((i: any) => i.shortCode === first.shortCode)).toMatchObject({
      title: "My guitar",
      priceCents: 15000,
      status: "open",
    });
    expect(gallery.find((i: any) => i.shortCode === second.shortCode)).toBeUndefined();
    expect((await call(`/api/member-items/${first.id}/approve`, { cookie: admin.cookie, method: "POST" })).status).toBe(
      404,
    );
  });
});

describe("prices (issue 13 item 7: one money rule)", () => {
  it("refuses member-item prices that would round to zero cents or carry fractions of a cent", async () => {
    const member = await signUp();
    for (const price of [0.001, "0.004", 0, -5, 1.005]) {
      const response = await call("/api/member-items", { cookie: member.cookie, json: { title: "Dust", price } });
      expect(response.status).toBe(400);
      expect((await response.json<any>()).error.message).toBe("Each item must have a title and offer amount.");
    }
    const rows = await db.select().from(memberItems).where(eq(memberItems.userId, member.user.id));
    expect(rows).toEqual([]);
    const ok = await call("/api/member-items", { cookie: member.cookie, json: { title: "Cent", price: "19.99" } });
    expect((await ok.json<any>()).item.priceCents).toBe(1999);
  });

  it("skips bid items whose price rounds to zero cents", async () => {
    const mediaId = await mediaUpload(admin.cookie);
    const response = await call("/api/bid-items", {
      cookie: admin.cookie,
      json: { items: [{ title: "Dust", price: 0.001, mediaIds: [mediaId] }] },
    });
    expect(response.status).toBe(400);
    expect((await response.json<any>()).error.fields.items).toContain(
      "Each item must have a title, price, and at least one file.",
    );
  });

  it("refuses offers with fractions of a cent instead of rounding them", async () => {
    const code = await createItem(10);
    const member = await bidder();
    const response = await offer(code, 10.015, member.cookie);
    expect(response.status).toBe(400);
    expect((await response.json<any>()).error.message).toBe("Price can have at most 2 decimals.");
    expect((await stub(code).state())!.priceCents).toBe(1000);
  });
});
