// The community form (seed 001 §7 `POST /add-farmer`) and the admin's list of
// its sign-ups. Public: anyone may join; bots are refused in the domain.
import { formStamp, joinCommunity, listCommunitySignups } from "../domain/community/signups";
import { adminApi, publicApi } from "./context";

const form = publicApi()
  .get("/community/form", async (c) => c.json({ startedAt: await formStamp(c.var.deps) }))
  .post("/community/signups", async (c) => {
    const body = await c.req.json().catch(() => ({}));
    const input = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const result = await joinCommunity(c.var.deps, c.var.caller, input);
    return c.json(result, result.updated ? 200 : 201);
  });

const signups = adminApi((app) =>
  app.get("/admin/community-signups", async (c) => c.json({ signups: await listCommunitySignups(c.var.deps) })),
);

export const communityApi = publicApi().route("/", form).route("/", signups);
