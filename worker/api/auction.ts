// Auction calls (seed 001 §7: get-bid-items, update-bid-price, create-bid-item,
// mem-bid-create, get-mem-items, approve/deny-mem-item, get-all-offers,
// approve-offer, close-bid-item) and the live WebSocket of each item.
import { Hono } from "hono";
import { OFFER_SUBMITTED } from "../../app/lib/auction";
import { createBidItemsSchema, memberItemSchema, offerSchema } from "../../app/lib/schemas/auction";
import {
  allOffers,
  approveMemberItem,
  approveOffer,
  closeBidItem,
  createBidItems,
  denyMemberItem,
  listGallery,
  listMemberItems,
  liveItem,
  makeOffer,
  submitMemberItem,
} from "../domain/auction/auction";
import { UpgradeRequired } from "../domain/errors";
import { type AppEnv, adminOnly, requireUser, signedIn, valid } from "./context";

const shortCodePattern = "[A-Z0-9]+";

export const auction = new Hono<AppEnv>()
  .get("/bid-items", async (c) => c.json({ success: true, bidItems: await listGallery(c.get("deps")) }))
  .post("/bid-items", adminOnly, valid("json", createBidItemsSchema), async (c) => {
    const result = await createBidItems(c.get("deps"), requireUser(c.get("user")).id, c.req.valid("json").items);
    return c.json({ success: true, ...result }, 201);
  })
  .post(`/bid-items/:code{${shortCodePattern}}/offers`, valid("json", offerSchema), async (c) => {
    const item = await makeOffer(c.get("deps"), c.get("user"), c.req.param("code"), c.req.valid("json").amount);
    return c.json({ success: true, message: OFFER_SUBMITTED, item }, 201);
  })
  // Watchers: the request is handed to the item's Durable Object, which accepts a hibernating WebSocket.
  .get(`/bid-items/:code{${shortCodePattern}}/live`, async (c) => {
    const item = await liveItem(c.get("deps"), c.req.param("code"));
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") throw new UpgradeRequired();
    return item.fetch(c.req.raw);
  })
  .post(`/bid-items/:code{${shortCodePattern}}/close`, adminOnly, async (c) => {
    return c.json({
      success: true,
      message: "Item closed",
      item: await closeBidItem(c.get("deps"), c.req.param("code")),
    });
  })
  .post(`/bid-items/:code{${shortCodePattern}}/offers/:offerId{[0-9]+}/approve`, adminOnly, async (c) => {
    const offer = await approveOffer(c.get("deps"), c.req.param("code"), Number(c.req.param("offerId")));
    return c.json({ success: true, message: "Offer approved", offer });
  })
  .get("/offers", adminOnly, async (c) => c.json({ success: true, allOffers: await allOffers(c.get("deps")) }))
  .post("/member-items", signedIn, valid("json", memberItemSchema), async (c) => {
    const item = await submitMemberItem(c.get("deps"), requireUser(c.get("user")).id, c.req.valid("json"));
    return c.json({ success: true, item }, 201);
  })
  .get("/member-items", adminOnly, async (c) =>
    c.json({ success: true, memItems: await listMemberItems(c.get("deps")) }),
  )
  .post("/member-items/:id/approve", adminOnly, async (c) => {
    return c.json({
      success: true,
      item: await approveMemberItem(c.get("deps"), requireUser(c.get("user")).id, c.req.param("id")),
    });
  })
  .post("/member-items/:id/deny", adminOnly, async (c) => {
    return c.json({
      success: true,
      item: await denyMemberItem(c.get("deps"), requireUser(c.get("user")).id, c.req.param("id")),
    });
  });
