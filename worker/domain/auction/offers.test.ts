// An offer's way in through the API (ADR 028): the session, the shipping address and the listing
// are answered by one D1 statement, and the object is called only for a session D1 has confirmed. The
// same answers as when the session was looked up first: a signed-out or forged cookie is a visitor,
// a member without an address gets the seed's message, an unlisted item is 404.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADD_SHIPPING_FIRST, MUST_SIGN_IN } from "../../../app/kernel/schemas/auction";
import { auctionAdmin, bidder, offer, bidItemStub as stub } from "../../../tests/workers/auction";
import { call } from "../../../tests/workers/http";
import { database } from "../../db/client";
import { sessions } from "../../db/schema";
import { sha256 } from "../../security/crypto";
import { readSessionClaim, SESSION_COOKIE, sealSession } from "../../sessions";

const db = database(env.DB);
const admin = auctionAdmin({ title: "Turntable", description: "Spins" });

async function claimOf(cookie: string) {
  const claim = await readSessionClaim(env.SESSION_SECRET, new Request("http://localhost/", { headers: { cookie } }));
  if (!claim) throw new Error("cookie not readable");
  return claim;
}

async function expectVisitorAnswer(response: Response) {
  expect(response.status).toBe(401);
  expect((await response.json<any>()).error).toMatchObject({ code: "NOT_AUTHENTICATED", message: MUST_SIGN_IN });
}

describe("an offer's D1 checks", () => {
  it("are one statement: the answer waits on D1 once, the session lookup with the checks as its columns", async () => {
    const code = await admin.list({ price: 1 });
    const member = await bidder();
    const response = await offer(code, 2, member.cookie);
    expect(response.status).toBe(201);
    // Counted in development (worker/db/request-d1.ts), not timed: the session with its address and listing.
    expect(response.headers.get("x-d1-waits")).toBe("1");
    expect(response.headers.get("x-d1-round-trips")).toBe("1");
    expect(response.headers.get("x-d1-statements")).toBe("1");
  });

  it("treat a signed cookie whose session has ended in D1 as a visitor's, and store nothing", async () => {
    const code = await admin.list({ price: 1 });
    const member = await bidder();
    const claim = await claimOf(member.cookie);
    await db.delete(sessions).where(eq(sessions.idHash, await sha256(claim.token)));
    await expectVisitorAnswer(await offer(code, 5, member.cookie));
    expect(await stub(code).offers()).toEqual([]);
    expect((await stub(code).state())!.priceCents).toBe(100);
  });

  it("refuse a cookie we did not sign, or a claim re-signed for another member, without storing", async () => {
    const code = await admin.list({ price: 1 });
    const [member, other] = [await bidder(), await bidder()];
    const value = member.cookie.slice(`${SESSION_COOKIE}=`.length);
    const [token, claims] = value.split(".");
    await expectVisitorAnswer(await offer(code, 5, `${SESSION_COOKIE}=${token}.${claims}.forged`));
    // Signed, but naming someone else than the session's member: D1 overrules the claim.
    const claim = await claimOf(member.cookie);
    const swapped = await sealSession(env.SESSION_SECRET, { ...claim, user: (await claimOf(other.cookie)).user });
    await expectVisitorAnswer(await offer(code, 5, `${SESSION_COOKIE}=${swapped}`));
    expect(await stub(code).offers()).toEqual([]);
  });

  it("give a member who deleted their only address the seed's message, as one who never saved one", async () => {
    const code = await admin.list({ price: 1 });
    const member = await bidder();
    const [address] = (await (await call("/api/shipping", { cookie: member.cookie })).json<any>()).shipping;
    expect((await call(`/api/shipping/${address.id}`, { cookie: member.cookie, method: "DELETE" })).status).toBe(204);
    const response = await offer(code, 5, member.cookie);
    expect(response.status).toBe(409);
    expect((await response.json<any>()).error).toMatchObject({ code: "MISSING_SHIPPING", message: ADD_SHIPPING_FIRST });
    expect(await stub(code).offers()).toEqual([]);
  });

  it("still validate the amount before anything else, for visitors and members alike", async () => {
    const code = await admin.list({ price: 1 });
    const member = await bidder();
    for (const cookie of [undefined, member.cookie]) {
      const response = await offer(code, "abc", cookie);
      expect(response.status).toBe(400);
    }
    expect(await stub(code).offers()).toEqual([]);
  });
});
