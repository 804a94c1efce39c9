// Auction calls (seed 001 §7: get-bid-items, update-bid-price, create-bid-item,
// mem-bid-create, get-mem-items, approve/deny-mem-item, get-all-offers,
// approve-offer, close-bid-item) and the live WebSocket of each item.

import { z } from "zod";
import { createBidItemsSchema, memberItemSchema, OFFER_SUBMITTED, offerSchema } from "../../app/kernel/schemas/auction";
import {
  allOffers,
  approveMemberItem,
  approveOffer,
  bidderTag,
  closeBidItem,
  createBidItems,
  denyMemberItem,
  listGallery,
  listMemberItems,
  liveItem,
  lotPhoto,
  submitMemberItem,
} from "../domain/auction/auction";
import { BIDDER_TAG_HEADER, watcherAnswer } from "../domain/auction/bid-item";
import { makeOfferByClaim } from "../domain/auction/offers";
import { makeDeps } from "../domain/deps";
import { UpgradeRequired } from "../domain/errors";
import { readSessionClaim } from "../sessions";
import { serveImage } from "../storage/images";
import { PHOTO_WIDTHS } from "../storage/photo-sizes";
import { adminApi, memberApi, publicApi, valid } from "./context";

const item = "/bid-items/:code{[A-Z0-9]+}";

const photoQuery = z.object({
  w: z.coerce
    .number()
    .refine((w) => (PHOTO_WIDTHS as readonly number[]).includes(w), `w must be one of ${PHOTO_WIDTHS.join(", ")}.`),
});

const gallery = publicApi()
  .get("/bid-items", async (c) => c.json({ success: true, bidItems: await listGallery(c.var.deps) }))
  // A lot's photo resized for the screen (its page's srcset): made once, then served from R2.
  .on(["GET", "HEAD"], `${item}/photos/:index{[0-9]{1,3}}`, valid("query", photoQuery), async (c) => {
    const width = c.req.valid("query").w as (typeof PHOTO_WIDTHS)[number];
    const photo = await lotPhoto(c.var.deps, c.req.param("code"), Number(c.req.param("index")), width);
    return serveImage(c.var.deps.storage, photo.key, photo.contentType, c.req.raw);
  })
  // Watchers: the request is handed to the item's Durable Object, which accepts a hibernating WebSocket;
  // the client's answer refuses compression (ADR 028).
  // A signed-in member's socket is tagged with their pseudonym, so the object can send them their own
  // maximum; the header is always the Worker's (a client's own is removed).
  .get(`${item}/live`, async (c) => {
    const code = c.req.param("code");
    const live = await liveItem(c.var.deps, code);
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") throw new UpgradeRequired();
    const headers = new Headers(c.req.raw.headers);
    headers.delete(BIDDER_TAG_HEADER);
    if (c.var.user) headers.set(BIDDER_TAG_HEADER, await bidderTag(code, c.var.user.id));
    return watcherAnswer(await live.fetch(new Request(c.req.raw, { headers })));
  });

/**
 * An offer confirms its session in the same D1 batch as its own preconditions (ADR 028), so it is
 * mounted before the API's session middleware (`withSession`, which waits on D1 first) and reads
 * only the cookie's signed claim here. Visitors may call it: the domain answers them with the
 * auction's own sign-in message and code.
 */
export const offerApi = publicApi().post(`${item}/offers`, valid("json", offerSchema), async (c) => {
  const deps = makeDeps(c.env, new URL(c.req.url).origin);
  const claim = await readSessionClaim(deps.secret, c.req.raw, deps.now());
  const placed = await makeOfferByClaim(deps, claim, c.req.param("code"), c.req.valid("json"));
  return c.json({ success: true, message: OFFER_SUBMITTED, ...placed }, 201);
});

const members = memberApi((app) =>
  app.post("/member-items", valid("json", memberItemSchema), async (c) => {
    const submitted = await submitMemberItem(c.var.deps, c.var.user.id, c.req.valid("json"));
    return c.json({ success: true, item: submitted }, 201);
  }),
);

const admins = adminApi((app) =>
  app
    .post("/bid-items", valid("json", createBidItemsSchema), async (c) => {
      const result = await createBidItems(c.var.deps, c.var.user.id, c.req.valid("json").items);
      return c.json({ success: true, ...result }, 201);
    })
    .post(`${item}/close`, async (c) =>
      c.json({ success: true, message: "Item closed", item: await closeBidItem(c.var.deps, c.req.param("code")) }),
    )
    .post(`${item}/offers/:offerId{[0-9]+}/approve`, async (c) => {
      const offer = await approveOffer(c.var.deps, c.req.param("code"), Number(c.req.param("offerId")));
      return c.json({ success: true, message: "Offer approved", offer });
    })
    .get("/offers", async (c) => c.json({ success: true, allOffers: await allOffers(c.var.deps) }))
    .get("/member-items", async (c) => c.json({ success: true, memItems: await listMemberItems(c.var.deps) }))
    .post("/member-items/:id/approve", async (c) =>
      c.json({ success: true, item: await approveMemberItem(c.var.deps, c.var.user.id, c.req.param("id")) }),
    )
    .post("/member-items/:id/deny", async (c) =>
      c.json({ success: true, item: await denyMemberItem(c.var.deps, c.var.user.id, c.req.param("id")) }),
    ),
);

export const auctionApi = publicApi().route("/", gallery).route("/", members).route("/", admins);
