// The community form (seed 001 §7 `POST /add-farmer`) and the admin's list of
// its sign-ups. Public: anyone may join; bots are refused in the domain.
import { Hono } from "hono";
import { formStamp, joinCommunity, listCommunitySignups } from "../domain/community/signups";
import { type AppEnv, adminOnly } from "./context";

export const community = new Hono<AppEnv>()
  .get("/community/form", async (c) => c.json({ startedAt: await formStamp(c.get("deps")) }))
  .post("/community/signups", async (c) => {
    const body = await c.req.json().catch(() => ({}));
    const input = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const result = await joinCommunity(c.get("deps"), c.get("caller"), input);
    return c.json(result, result.updated ? 200 : 201);
  })
  .get("/admin/community-signups", adminOnly, async (c) =>
    c.json({ signups: await listCommunitySignups(c.get("deps")) }),
  );
