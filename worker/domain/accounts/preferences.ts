import { eq } from "drizzle-orm";
import type { SavedTheme } from "../../../app/kernel/theme";
import { users } from "../../db/schema";
import type { Deps } from "../deps";

/** Saves the member's theme (seed 001 §1: the accent colour is the member's, on every page and device). */
export async function saveTheme(deps: Pick<Deps, "db">, userId: string, theme: SavedTheme) {
  await deps.db.update(users).set({ theme }).where(eq(users.id, userId));
}
