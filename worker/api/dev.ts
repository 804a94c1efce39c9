// Development-only calls: mounted only when ENVIRONMENT=development.
import { seedWhenEmpty } from "../dev/seed";
import { bidItem } from "../domain/auction/auction";
import { DevOutbox } from "../mail";
import { publicApi } from "./context";

export const devApi = publicApi()
  .post("/seed", async (c) => {
    const result = await seedWhenEmpty(c.get("deps"), c.env.ADMIN_DEV_PASSWORD ?? "admin-dev-password");
    return c.json(result);
  })
  .get("/mail", async (c) => c.json({ messages: await new DevOutbox(c.get("deps").db).list() }))
  // bench/offers' baseline: the same Worker, session middleware and BidItem
  // object as an offer, but a call that does no work (`BidItem.ping()`).
  .post("/bid-items/:code{[A-Z0-9]+}/ping", async (c) => {
    await bidItem(c.get("deps"), c.req.param("code")).ping();
    return c.json({ ok: true });
  });
