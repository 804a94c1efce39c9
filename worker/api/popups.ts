// The welcome popup: the active one for every visitor, and the admin's popups.
import { Hono } from "hono";
import { POPUP_ACTIVATED, POPUP_DELETED, POPUP_SAVED, popupIdSchema, popupSchema } from "../../app/lib/schemas/popups";
import { getActivePopup } from "../domain/popups/active";
import { createPopup, deletePopup, listPopups, setActivePopup } from "../domain/popups/popups";
import { type AppEnv, requireAdmin, valid } from "./context";

const active = async (c: { get(key: "deps"): AppEnv["Variables"]["deps"] }) => ({
  activePopCustom: await getActivePopup(c.get("deps")),
});

/** Public: the popup the landing page shows (seed name kept as an alias). */
export const popups = new Hono<AppEnv>()
  .get("/popups/active", async (c) => c.json(await active(c)))
  .get("/get-active-popcustom", async (c) => c.json(await active(c)));

/** Admin: mounted under /api/admin behind the admin guard. */
export const adminPopups = new Hono<AppEnv>()
  .get("/popups", async (c) => c.json({ popCustoms: await listPopups(c.get("deps")) }))
  .post("/popups", valid("json", popupSchema), async (c) => {
    const admin = requireAdmin(c.get("user"));
    const popup = await createPopup(c.get("deps"), admin.id, c.req.valid("json"));
    return c.json({ message: POPUP_SAVED, popup }, 201);
  })
  .put("/popups/active", valid("json", popupIdSchema), async (c) => {
    await setActivePopup(c.get("deps"), c.req.valid("json").popCustomId);
    return c.json({ message: POPUP_ACTIVATED });
  })
  .delete("/popups/:id", async (c) => {
    await deletePopup(c.get("deps"), c.req.param("id"));
    return c.json({ message: POPUP_DELETED });
  });
