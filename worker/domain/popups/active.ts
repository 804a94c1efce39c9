import { eq } from "drizzle-orm";
import { popups } from "../../db/schema";
import type { Deps } from "../deps";
import { sanitizeStyle, sanitizeUrl, type StyleObject } from "./sanitize";

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

export async function getActivePopup(deps: Pick<Deps, "db">): Promise<ActivePopup | null> {
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
