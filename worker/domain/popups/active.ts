import { and, eq, gt, isNull, or } from "drizzle-orm";
import { type PopupView, presentPopup } from "../../../app/kernel/popup";
import { type Popup, popups } from "../../db/schema";
import { imageTypeOf } from "../../storage/images";
import { noteChange } from "../changes";
import type { Deps } from "../deps";

/** The active welcome popup as pages may render it: styles and links already made safe. */
export type ActivePopup = PopupView;

/** Signed image links outlive the cache by far. */
const IMAGE_URL_SECONDS = 60 * 60;

/**
 * Every write through the domain calls `forgetActivePopup`, which notes the change; the HTTP layer
 * purges the edge-cached pages that show the popup (one canonical key per page, whatever host asked). No isolate keeps its own copy
 * (issue 27 item 6): another isolate's copy would outlive the purge and could be cached again. The
 * landing page itself is edge-cached, so a read here happens once per cache miss. The show window
 * is checked on every read, so a scheduled popup appears and disappears on time.
 */
export function forgetActivePopup() {
  noteChange({ kind: "popup" });
}

function isShowing(popup: Popup, now: number) {
  return (!popup.startsAt || popup.startsAt.getTime() <= now) && (!popup.endsAt || popup.endsAt.getTime() > now);
}

export async function getActivePopup(deps: Pick<Deps, "db" | "now" | "storage">): Promise<ActivePopup | null> {
  const now = deps.now();
  const popup = await readActivePopup(deps, now);
  if (!popup || !isShowing(popup, now)) return null;
  // An uploaded image is signed for reading as its checked type; an address stored by older rows is used as is (sanitised).
  const imageUrl = popup.imageKey
    ? (
        await deps.storage.signer.signGet(
          { key: popup.imageKey, contentType: imageTypeOf(popup.imageType, popup.imageKey) ?? undefined },
          IMAGE_URL_SECONDS,
        )
      ).url
    : popup.imageUrl;
  return presentPopup(popup, imageUrl);
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
