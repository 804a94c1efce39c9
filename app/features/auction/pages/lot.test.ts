// A lot's page (/bidgallery/:code) as a browser gets it (SSR through the whole Worker): the lot's
// photo, price, bids and time left in the HTML and its Open Graph tags; 404 for an unknown code;
// nothing private of the offers (e-mails, usernames, other members' maximums) in the page or its
// loader data; a member's own standing rendered on the server; a visitor's sign-in link back here.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auctionAdmin, bidder, memberBeforeAll, offer, bidItemStub as stub } from "../../../../tests/workers/auction";
import { call } from "../../../../tests/workers/http";
import { act, html } from "../../../../tests/workers/pages";
import { database } from "../../../../worker/db/client";
import { bidItems } from "../../../../worker/db/schema";
import { OFFER_SUBMITTED } from "../../../kernel/schemas/auction";
import { NEED_ADDRESS_NOTICE } from "../../../kernel/schemas/auction-messages";

const admin = auctionAdmin({ description: "A brass ribbon microphone, 1950s" });
const member = memberBeforeAll();

describe("/bidgallery/:code", () => {
  it("is 404 for an unknown code, and for one that is not a code", async () => {
    expect((await call("/bidgallery/NOSUCH")).status).toBe(404);
    expect((await call("/bidgallery/NOSUCH.data")).status).toBe(404);
    expect((await call("/bidgallery/%3Cscript%3E")).status).toBe(404);
  });

  it("renders the lot with its photo, price, bids, time left, description and Open Graph", async () => {
    const ends = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const code = await admin.list({ title: "Ribbon microphone", price: 40, endsAt: ends });
    const response = await call(`/bidgallery/${code}`);
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toMatch(/<h1[^>]*>Ribbon microphone<\/h1>/);
    expect(page).toContain("$40.00");
    expect(page).toContain("0 bids");
    expect(page).toContain("Ends <time");
    expect(page).toContain("A brass ribbon microphone, 1950s");
    expect(page).toContain("Shipping");
    expect(page).toMatch(/<img [^>]*src="[^"]+"[^>]*alt="Ribbon microphone: lot.png"/);
    expect(page).toContain(`<meta property="og:url" content="http://localhost/bidgallery/${code}"/>`);
    expect(page).toMatch(/<meta property="og:image" content="http[^"]+"/);
    // A visitor: only the way in, back to this lot (the app's `from` parameter of /signin); no
    // offer field or buttons that look usable.
    expect(page).toContain("Sign in to make an offer");
    expect(page).not.toContain("Make Offer");
    expect(page).not.toContain("Set Maximum");
    expect(page).toContain(`href="/signin?from=${encodeURIComponent(`/bidgallery/${code}`)}"`);
    // The code is found in any case.
    expect((await call(`/bidgallery/${code.toLowerCase()}`)).status).toBe(200);
  });

  it("finds a code made before the readable alphabet when it is typed with 0 for O and 1 for I or L", async () => {
    const code = await admin.list({ title: "Old code lot", price: 20 });
    const db = database(env.DB);
    await db.update(bidItems).set({ shortCode: "L3SOO5" }).where(eq(bidItems.shortCode, code));
    for (const typed of ["L3SOO5", "L3S005", "13S005", "l3soo5", "I3S0O5"]) {
      const response = await call(`/bidgallery/${typed}`);
      expect(response.status, typed).toBe(200);
      expect(await html(response)).toContain("Old code lot");
    }
    expect((await call("/bidgallery/L3S006")).status).toBe(404);
  });

  it("says a closed lot's status once: the seed's 'Sale Closed', no offer form", async () => {
    const code = await admin.list({ title: "Reel to reel", price: 30 });
    await stub(code).close();
    const page = await html(await call(`/bidgallery/${code}`));
    expect(page.match(/Sale Closed/g)).toHaveLength(1);
    expect(page).not.toMatch(/>Closed</);
    expect(page).not.toContain("Make Offer");
    expect(page).toContain("Final price");
  });

  it("shows bids with masked names only, and the member's own standing, leaking no e-mail, username or maximum", async () => {
    const code = await admin.list({ title: "Tube amplifier", price: 10 });
    const leader = await bidder();
    const other = await bidder();
    expect((await offer(code, 12, other.cookie)).status).toBe(201);
    // The leader's maximum ($75) is theirs alone: others see only the bid it made.
    const placed = await call(`/api/bid-items/${code}/offers`, {
      cookie: leader.cookie,
      json: { amount: 75, mode: "maximum" },
    });
    expect(placed.status).toBe(201);

    // A visitor, and the other bidder (whose own account the root loader brings, as on every page).
    for (const [cookie, others] of [
      [undefined, [leader, other]],
      [other.cookie, [leader]],
    ] as const) {
      const data = await (await call(`/bidgallery/${code}.data`, { cookie })).text();
      const page = await html(await call(`/bidgallery/${code}`, { cookie }));
      for (const text of [data, page]) {
        expect(text).toContain("Tube amplifier");
        for (const secret of others.flatMap((someone) => [someone.form.email, someone.form.username])) {
          expect(text).not.toContain(secret);
        }
        expect(text).not.toContain("75.00");
        expect(text).not.toContain("7500");
        expect(text).not.toContain("createdBy");
      }
      expect(page).toContain("$13.00");
      expect(page).toContain("2 bids");
      // The list sits under the page's 'Bids' heading, with no second 'Bid history' fold.
      expect(page).toMatch(/<h2 id="lot-history">Bids<\/h2>/);
      expect(page).not.toContain("Bid history");
    }

    // The leader sees their own standing and maximum from the server's HTML, before any socket.
    const own = await html(await call(`/bidgallery/${code}`, { cookie: leader.cookie }));
    expect(own).toContain("You're the highest bidder");
    expect(own).toContain("Your maximum $75.00");
    expect(own).not.toContain("Sign in to make an offer");
    const outbid = await html(await call(`/bidgallery/${code}`, { cookie: other.cookie }));
    expect(outbid).toContain("You've been outbid");
  });

  it("takes offers through the same action, and tells a member without an address at the offer panel", async () => {
    const code = await admin.list({ title: "Reel-to-reel deck", price: 5 });
    const page = await html(await call(`/bidgallery/${code}`, { cookie: member.cookie }));
    expect(page.split(NEED_ADDRESS_NOTICE)).toHaveLength(2);
    expect(page).toContain(`href="/settings?returnTo=${encodeURIComponent(`/bidgallery/${code}`)}"`);
    const buyer = await bidder();
    const result = await act(`/bidgallery/${code}`, { intent: "offer", code, amount: "6" }, buyer.cookie);
    expect(result.status).toBe(200);
    expect(result.text).toContain(OFFER_SUBMITTED);
  });
});
