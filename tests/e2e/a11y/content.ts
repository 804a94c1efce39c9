// What the scanned pages should show: real lists, not only empty states, so
// the scan sees tables, cards and muted text as users do. Made once per run
// through the API as the seeded accounts. Add your area's content here.
import { type APIRequestContext, expect } from "@playwright/test";
import { createBidItemByApi, origin } from "../fixtures";

export interface Sessions {
  member: APIRequestContext;
  admin: APIRequestContext;
}

async function ok(response: Promise<import("@playwright/test").APIResponse>, expected: number[]) {
  const answer = await response;
  expect(expected, `${answer.url()} answered ${answer.status()}: ${await answer.text()}`).toContain(answer.status());
}

/** Auction: open and closed items with offers in the gallery and the admin's lists, and a pending member item. */
async function auction({ member, admin }: Sessions) {
  const headers = { origin: origin() };
  const code = await createBidItemByApi(admin, "Vintage microphone with a rather long title for phones", 40);
  const sold = await createBidItemByApi(admin, "Studio headphones", 25);
  await ok(
    member.post("/api/shipping", {
      data: {
        recipientName: "Demo Member",
        streetAddress: "1 Main St",
        city: "Springfield",
        state: "IL",
        zipCode: "62701",
        country: "USA",
      },
      headers,
    }),
    [200, 201, 409],
  );
  await ok(member.post(`/api/bid-items/${code}/offers`, { data: { amount: 45 }, headers }), [200, 201]);
  await ok(member.post(`/api/bid-items/${sold}/offers`, { data: { amount: 30 }, headers }), [200, 201]);
  await ok(admin.post(`/api/bid-items/${sold}/close`, { headers }), [200]);
  await ok(
    member.post("/api/member-items", {
      data: { title: "Signed vinyl", description: "A member's item awaiting review", price: 30 },
      headers,
    }),
    [200, 201],
  );
}

export async function makeContent(sessions: Sessions) {
  await auction(sessions);
}
