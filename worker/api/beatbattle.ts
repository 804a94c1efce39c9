// The beat battle (seed 001 §7): files go through the upload module with the
// purposes 'beat-audio' and 'beat-cover' (seed `/beat-battle-signed-url`);
// these routes name the battle, take the entry and list entries.
import { battleSettingsSchema, beatSubmitSchema, revealSchema } from "../../app/kernel/schemas/beatbattle";
import { battleView, currentBattle, hasEntered, setRevealed, updateBattle } from "../domain/beatbattle/battles";
import {
  blindFile,
  galleryFile,
  listBattleEntries,
  listMyEntries,
  publicGallery,
  submitEntry,
} from "../domain/beatbattle/entries";
import { serveObject } from "../storage/serve-object";
import { servedAs } from "../storage/served";
import { adminApi, memberApi, publicApi, valid } from "./context";

const battle = publicApi()
  .get("/beat-battle", async (c) => {
    const { deps, user } = c.var;
    const current = await currentBattle(deps);
    return c.json({
      battle: battleView(deps, current),
      entered: user ? await hasEntered(deps, current.id, user.id) : false,
    });
  })
  // The public gallery: null while entries are open, then every entry (ADR 047).
  .get("/beat-battle/gallery", async (c) => {
    const current = await currentBattle(c.var.deps);
    return c.json({ battle: battleView(c.var.deps, current), entries: await publicGallery(c.var.deps, current) });
  })
  .get("/beat-battle/gallery/files/:fileId", async (c) => {
    const file = await galleryFile(c.var.deps, c.req.param("fileId"));
    return serveObject(c.var.deps.storage, file.key, servedAs(file), c.req.header("range"));
  });

const entries = memberApi((app) =>
  app
    .post("/beat-battle/entries", valid("json", beatSubmitSchema), async (c) => {
      const result = await submitEntry(c.var.deps, c.var.user.id, c.req.valid("json"));
      return c.json({ success: true, message: "Submission successful!", ...result }, 201);
    })
    .get("/beat-battle/entries", async (c) =>
      c.json({ beatBattleSubmissions: await listMyEntries(c.var.deps, c.var.user.id) }),
    ),
);

const judging = adminApi((app) =>
  app
    .get("/admin/beat-battle/entries", async (c) => c.json(await listBattleEntries(c.var.deps)))
    // Blind judging: the file by its id, so no link the judge sees names the entrant or the storage layout.
    .get("/admin/beat-battle/files/:fileId", async (c) => {
      const file = await blindFile(c.var.deps, c.req.param("fileId"));
      return serveObject(c.var.deps.storage, file.key, servedAs(file), c.req.header("range"));
    })
    .put("/admin/beat-battle", valid("json", battleSettingsSchema), async (c) =>
      c.json({ battle: await updateBattle(c.var.deps, c.req.valid("json")) }),
    )
    .put("/admin/beat-battle/reveal", valid("json", revealSchema), async (c) =>
      c.json({ battle: await setRevealed(c.var.deps, c.req.valid("json").revealed) }),
    ),
);

export const beatBattleApi = publicApi().route("/", battle).route("/", entries).route("/", judging);
