// The beat battle (seed 001 §7): files go through the upload module with the
// purposes 'beat-audio' and 'beat-cover' (seed `/beat-battle-signed-url`);
// these routes name the battle, take the entry and list entries.
import { Hono } from "hono";
import { battleSettingsSchema, beatSubmitSchema, revealSchema } from "../../app/lib/schemas/beatbattle";
import { battleView, currentBattle, hasEntered, setRevealed, updateBattle } from "../domain/beatbattle/battles";
import { listBattleEntries, listMyEntries, submitEntry } from "../domain/beatbattle/entries";
import { type AppEnv, adminOnly, requireUser, signedIn, valid } from "./context";

export const beatBattle = new Hono<AppEnv>()
  .get("/beat-battle", async (c) => {
    const deps = c.get("deps");
    const battle = await currentBattle(deps);
    const user = c.get("user");
    return c.json({
      battle: battleView(deps, battle),
      entered: user ? await hasEntered(deps, battle.id, user.id) : false,
    });
  })
  .post("/beat-battle/entries", signedIn, valid("json", beatSubmitSchema), async (c) => {
    const user = requireUser(c.get("user"));
    const result = await submitEntry(c.get("deps"), user, c.req.valid("json"));
    return c.json({ success: true, message: "Submission successful!", ...result }, 201);
  })
  .get("/beat-battle/entries", signedIn, async (c) => {
    const user = requireUser(c.get("user"));
    return c.json({ beatBattleSubmissions: await listMyEntries(c.get("deps"), user.id) });
  })
  .get("/admin/beat-battle/entries", adminOnly, async (c) => c.json(await listBattleEntries(c.get("deps"))))
  .put("/admin/beat-battle", adminOnly, valid("json", battleSettingsSchema), async (c) =>
    c.json({ battle: await updateBattle(c.get("deps"), c.req.valid("json")) }),
  )
  .put("/admin/beat-battle/reveal", adminOnly, valid("json", revealSchema), async (c) =>
    c.json({ battle: await setRevealed(c.get("deps"), c.req.valid("json").revealed) }),
  );
