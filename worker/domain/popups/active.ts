import { eq } from "drizzle-orm";
import { popups } from "../../db/schema";
import { purgeEdgePages } from "../../http/edge-cache";
import type { Deps } from "../deps";
import { type StyleObject, sanitizeStyle, sanitizeUrl } from "./sanitize";

/** The active welcome popup as pages may render it: styles and links already made safe. */
export interface ActivePopup {
  id: string;
  header: string;
  headerStyle: StyleObject;
  paragraph: { text: string; style: StyleObject };
  imageUrl: string | null;
  linkAddress: string | null;
  buttonLabel: string;
}

/**
 * The landing page reads the popup on every visit; it changes rarely, so each
 * isolate keeps it for a short while. Writes through the domain call
 * `forgetActivePopup`, which also purges the landing page's edge copy; other
 * isolates see a change within POPUP_TTL_MS.
 */
export const POPUP_TTL_MS = 30_000;
let cached: { popup: ActivePopup | null; until: number } | null = null;

export function forgetActivePopup() {
  cached = null;
  purgeEdgePages("/"); // the landing page shows it
}

export async function getActivePopup(deps: Pick<Deps, "db" | "now">): Promise<ActivePopup | null> {
  const now = deps.now();
  if (cached && cached.until > now) return cached.popup;
  const popup = await readActivePopup(deps);
  cached = { popup, until: now + POPUP_TTL_MS };
  return popup;
}

async function readActivePopup(deps: Pick<Deps, "db">): Promise<ActivePopup | null> {
  const [popup] = await deps.db.select().from(popups).where(eq(popups.active, true)).limit(1);
  if (!popup) return null;
  return {
    id: popup.id,
    header: popup.header,
    headerStyle: sanitizeStyle(popup.headerStyle),
    paragraph: { text: popup.paragraphText, style: sanitizeStyle(popup.paragraphStyle) },
    imageUrl: sanitizeUrl(popup.imageUrl),
    linkAddress: sanitizeUrl(popup.linkAddress),
    buttonLabel: popup.buttonLabel,
  };
}
