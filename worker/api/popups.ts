import { Hono } from "hono";
import { getActivePopup } from "../domain/popups/active";
import type { AppEnv } from "./context";

export const popups = new Hono<AppEnv>().get("/get-active-popcustom", async (c) =>
  c.json({ activePopCustom: await getActivePopup(c.get("deps")) }),
);
