// The community form (seed 001 §7 `POST /add-farmer`) and the admin's list of
// its sign-ups. Public: anyone may join; bots are refused in the domain.
import { botCheckSchema } from "../../app/kernel/schemas/community";
import { formStamp, joinCommunity, listCommunitySignups } from "../domain/community/signups";
import { adminApi, publicApi, valid } from "./context";

const form = publicApi()
  .get("/community/form", async (c) => c.json({ startedAt: await formStamp(c.var.deps) }))
  // The bot checks come before the form's own rules (a bot is told it is one, whatever it filled in),
  // so the edge reads the object and its bot fields; the domain checks those, then the form's schema.
  .post("/community/signups", valid("json", botCheckSchema.loose()), async (c) => {
    const result = await joinCommunity(c.var.deps, c.var.caller, c.req.valid("json"));
    return c.json(result, result.updated ? 200 : 201);
  });

const signups = adminApi((app) =>
  app.get("/admin/community-signups", async (c) => c.json({ signups: await listCommunitySignups(c.var.deps) })),
);

export const communityApi = publicApi().route("/", form).route("/", signups);
