import { and, eq, gt, isNull, or } from "drizzle-orm";
import { type PopupView, presentPopup } from "../../../app/lib/popup";
import { type Popup, popups } from "../../db/schema";
import { purgeEdgePages } from "../../http/edge-cache";
import type { Deps } from "../deps";

/** The active welcome popup as pages may render it: styles and links already made safe. */
export type ActivePopup = PopupView;

/** Signed image links outlive the cache by far. */
const IMAGE_URL_SECONDS = 60 * 60;

/**
 * The landing page reads the popup on every visit; it changes rarely, so each
 * isolate keeps it for a short while. Every write through the domain calls
 * `forgetActivePopup`, which also purges the landing page's edge copy, so the
 * change shows at once; other isolates within POPUP_TTL_MS. The show window is checked on every
 * read, so a scheduled popup appears and disappears on time.
 */
export const POPUP_TTL_MS = 30_000;
let cached: { popup: Popup | null; view: ActivePopup | null; until: number } | null = null;

export function forgetActivePopup() {
  cached = null;
  purgeEdgePages("/"); // the landing page shows it
}

function isShowing(popup: Popup, now: number) {
  return (!popup.startsAt || popup.startsAt.getTime() <= now) && (!popup.endsAt || popup.endsAt.getTime() > now);
}

export async function getActivePopup(deps: Pick<Deps, "db" | "now" | "storage">): Promise<ActivePopup | null> {
  const now = deps.now();
  if (!cached || cached.until <= now) {
    const popup = await readActivePopup(deps, now);
    // An uploaded image is signed for reading; an address stored by older rows is used as is (sanitised).
    const imageUrl = popup?.imageKey
      ? (
          await deps.storage.signer.signGet(
            { key: popup.imageKey, contentType: popup.imageType ?? undefined },
            IMAGE_URL_SECONDS,
          )
        ).url
      : (popup?.imageUrl ?? null);
    cached = { popup, view: popup && presentPopup(popup, imageUrl), until: now + POPUP_TTL_MS };
  }
  return cached.popup && isShowing(cached.popup, now) ? cached.view : null;
}

/** The active popup, if its window has not ended (one not yet started is kept, to appear on time). */
async function readActivePopup(deps: Pick<Deps, "db">, now: number): Promise<Popup | null> {
  const [popup] = await deps.db
    .select()
    .from(popups)
    .where(and(eq(popups.active, true), or(isNull(popups.endsAt), gt(popups.endsAt, new Date(now)))))
    .limit(1);
  return popup ?? null;
}
