// The gallery (/bidgallery) as a browser gets it (SSR through the whole Worker): its cards, the
// offer action and a member's own item. The auction's admin pages: auction-admin.test.ts.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  auctionAdmin,
  bidder,
  galleryCard as card,
  memberBeforeAll,
  bidItemStub as stub,
} from "../../../../tests/workers/auction";
import { call } from "../../../../tests/workers/http";
import { act, html } from "../../../../tests/workers/pages";
import { mp3Bytes, mp4Bytes, uploadAs } from "../../../../tests/workers/uploads";
import { database } from "../../../../worker/db/client";
import { bidItems, memberItems } from "../../../../worker/db/schema";
import {
  ADD_SHIPPING_FIRST,
  MEMBER_ITEM_NEEDS_TITLE_AMOUNT,
  MUST_SIGN_IN,
  OFFER_SUBMITTED,
  OFFER_TOO_LOW,
} from "../../../kernel/schemas/auction";

const db = database(env.DB);
const admin = auctionAdmin({ description: "A fine lot" });
const createItem = (title: string, price = 10) => admin.list({ title, price });
const member = memberBeforeAll();

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
    // Seed 001 §14's ticket number and product code, as small print in the lot page's words.
    expect(item).toContain(`Lot #<!-- -->${row!.ticketNumber}`);
    expect(item).not.toContain("Ticket #");
    expect(item).toContain("A fine lot");
    expect(item).toContain("$12.50");
    expect(item).not.toContain("Product code");
    expect(item).toMatch(new RegExp(`Code <span class="bid-code">${code}</span>`));
    // Every open lot says how long it runs; this one has no end date.
    expect(item).toContain("Open for offers");
    expect(item).toMatch(/<img [^>]*src="[^"]+"[^>]*alt="Brass microphone: lot.png"/);
    const input = item.match(/<input[^>]*name="amount"[^>]*>/)?.[0] ?? "";
    expect(input).toContain('type="number"');
    expect(input).toContain('step="0.01"');
    expect(item).toContain("Make Offer");
    expect(item).not.toContain("Sale Closed");
  });

  it("plays a lot's audio and video in the shared player, the video showing its picture", async () => {
    const media = await Promise.all([
      uploadAs(admin.cookie, "bid-media", { fileName: "lot_demo.mp4", contentType: "video/mp4", bytes: mp4Bytes() }),
      uploadAs(admin.cookie, "bid-media", { fileName: "lot_demo.mp3", contentType: "audio/mpeg", bytes: mp3Bytes() }),
    ]);
    const code = await admin.list({
      title: "Tape machine",
      price: 40,
      mediaIds: media.map((done) => (done as unknown as { mediaId: string }).mediaId),
    });
    const item = card(await html(await call("/bidgallery")), code);
    expect(item).toContain('aria-label="Play Tape machine: lot_demo.mp4"');
    expect(item).toContain('aria-label="Play Tape machine: lot_demo.mp3"');
    expect(item).toMatch(/role="slider"[^>]*aria-label="Seek Tape machine: lot_demo.mp3"/);
    // The video's first frame is its picture: metadata is fetched at once (the audio waits for Play).
    expect(item).toMatch(/<video[^>]*src="[^"]+"[^>]*preload="metadata"/);
    expect(item).toMatch(/<audio[^>]*src="[^"]+"[^>]*preload="none"/);
    expect(item).not.toMatch(/<(audio|video)[^>]*\scontrols/);
    // The video is the tile's picture, above the title; the sound plays under the lot's words, so
    // every tile's title and price start level with its neighbours'.
    const title = item.indexOf("Tape machine</a>");
    expect(item.indexOf("Play Tape machine: lot_demo.mp4")).toBeLessThan(title);
    expect(item.indexOf("Play Tape machine: lot_demo.mp3")).toBeGreaterThan(item.indexOf("Current price"));
  });

  it("shows 'Sale Closed' and no offer input for a closed item", async () => {
    const code = await createItem("Closed lot");
    await stub(code).close();
    const item = card(await html(await call("/bidgallery")), code);
    expect(item).toContain("Sale Closed");
    // The status once: the seed's 'Sale Closed', no second "Closed" chip beside the title.
    expect(item.match(/Sale Closed/g)).toHaveLength(1);
    expect(item).not.toMatch(/>Closed</);
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
});
