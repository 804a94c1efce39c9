// The welcome popup: the active one for every visitor, and the admin's popups.
import {
  POPUP_ACTIVATED,
  POPUP_DELETED,
  POPUP_SAVED,
  popupIdSchema,
  popupPageSchema,
  popupSchema,
} from "../../app/kernel/schemas/popups";
import type { Deps } from "../domain/deps";
import { getActivePopup } from "../domain/popups/active";
import { createPopup, deletePopup, listPopups, setActivePopup } from "../domain/popups/popups";
import { adminApi, publicApi, valid } from "./context";

const active = async (deps: Deps) => ({ activePopCustom: await getActivePopup(deps) });

/** Public: the popup the landing page shows (seed name kept as an alias). */
export const popupsApi = publicApi()
  .get("/popups/active", async (c) => c.json(await active(c.var.deps)))
  .get("/get-active-popcustom", async (c) => c.json(await active(c.var.deps)));

export const adminPopups = adminApi((app) =>
  app
    .get("/admin/popups", valid("query", popupPageSchema), async (c) => {
      const list = await listPopups(c.var.deps, c.req.valid("query").page);
      return c.json({ popCustoms: list.popups, total: list.total, page: list.page, pageSize: list.pageSize });
    })
    .post("/admin/popups", valid("json", popupSchema), async (c) => {
      const popup = await createPopup(c.var.deps, c.var.user.id, c.req.valid("json"));
      return c.json({ message: POPUP_SAVED, popup }, 201);
    })
    .put("/admin/popups/active", valid("json", popupIdSchema), async (c) => {
      await setActivePopup(c.var.deps, c.req.valid("json").popCustomId);
      return c.json({ message: POPUP_ACTIVATED });
    })
    .delete("/admin/popups/:id", async (c) => {
      await deletePopup(c.var.deps, c.req.param("id"));
      return c.json({ message: POPUP_DELETED });
    }),
);
