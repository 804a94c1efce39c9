// An offer's way in: the checks D1 answers (the session, a shipping address, the item listed) in
// one D1 statement (one batch on the page's way), then the item's BidItem object, which holds the
// price rule (check-and-write).

import { sql } from "drizzle-orm";
import type { ItemState } from "../../../app/kernel/protocols/bid-item";
import { ADD_SHIPPING_FIRST, type BidMode, MUST_SIGN_IN } from "../../../app/kernel/schemas/auction";
import { toCents } from "../../../app/kernel/schemas/money";
import { bidItems, shippingAddresses, users } from "../../db/schema";
import { sha256 } from "../../security/crypto";
import { type SessionClaim, type SessionUser, sessionLookup } from "../../sessions";
import type { Deps } from "../deps";
import { Conflict, DomainError, NotFound, Unauthenticated } from "../errors";
import { shippingAddressProbe } from "../shipping/addresses";
import { bidderTag, bidItem, listedQuery, NO_SUCH_ITEM } from "./auction";

/** An offer's request: the amount in dollars and whether it is a plain offer or a maximum. */
export interface OfferInput {
  amount: number;
  mode: BidMode;
}

/** What the bidder is answered: the item as the object left it, whether they lead, and their own maximum. */
export interface PlacedOffer {
  item: ItemState;
  leading: boolean;
  maxCents: number;
  /** The member's pseudonym on this item (as the live state names the leader). */
  tag: string;
}

const mustSignIn = () => new Unauthenticated(MUST_SIGN_IN, "NOT_AUTHENTICATED");

/** An offer by a member whose session D1 has confirmed (the gallery page's form): its D1 checks in one batch. */
export async function makeOffer(
  deps: Deps,
  user: SessionUser | null,
  code: string,
  input: OfferInput,
): Promise<PlacedOffer> {
  if (!user) throw mustSignIn();
  const [address, listed] = await deps.db.batch([shippingAddressProbe(deps, user.id), listedQuery(deps, code)]);
  return placeOffer(deps, user, code, input, { hasAddress: address.length > 0, listed: listed.length > 0 });
}

/**
 * An offer by the member a signed session claim names (the API, ADR 028). D1 confirms the session in
 * the same statement that answers the offer's own checks, so the offer's answer waits on D1 once, as
 * any API call's session lookup does; the object is called only after D1 has confirmed the session,
 * so nothing is written on an unconfirmed claim.
 */
export async function makeOfferByClaim(
  deps: Deps,
  claim: SessionClaim | null,
  code: string,
  input: OfferInput,
): Promise<PlacedOffer> {
  if (!claim) throw mustSignIn();
  // The session lookup with the offer's checks as columns of the same statement: whether the member
  // saved a shipping address, whether the item is listed.
  const [row] = await sessionLookup(deps.db, await sha256(claim.token), deps.now(), {
    hasAddress:
      sql<number>`exists (select 1 from ${shippingAddresses} where ${shippingAddresses.userId} = ${users.id})`.as(
        "has_address",
      ),
    listed: sql<number>`exists (select 1 from ${bidItems} where ${bidItems.shortCode} = ${code})`.as("listed"),
  });
  // The address is the session's member's: D1's member, whom the claim must name (a session's
  // token names one member for good). A session that ended or was signed out is a visitor's.
  if (!row || row.id !== claim.user.id) throw mustSignIn();
  const { hasAddress, listed, ...user } = row;
  return placeOffer(deps, user, code, input, { hasAddress: hasAddress === 1, listed: listed === 1 });
}

/** The checks D1 answered, then the object's price rule (check-and-write). */
async function placeOffer(
  deps: Deps,
  user: SessionUser,
  code: string,
  { amount, mode }: OfferInput,
  checks: { hasAddress: boolean; listed: boolean },
): Promise<PlacedOffer> {
  if (!checks.hasAddress) throw new Conflict(ADD_SHIPPING_FIRST, undefined, "MISSING_SHIPPING");
  if (!checks.listed) throw new NotFound(NO_SUCH_ITEM);
  const bidder = {
    userId: user.id,
    username: user.username,
    email: user.email,
    tag: await bidderTag(code, user.id),
    origin: deps.origin,
  };
  const outcome = await bidItem(deps, code).offer(bidder, toCents(amount), mode);
  if (outcome.ok) return { item: outcome.item, leading: outcome.leading, maxCents: outcome.maxCents, tag: bidder.tag };
  throw new DomainError(outcome.code, outcome.message, { amount: [outcome.message] });
}
