// The admin's welcome popups (seed 001 screens 12–13): create, list, set the one
// active popup, delete. Admin only: the adapters check the role before calling.
import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import type { PopupInput } from "../../../app/lib/schemas/popups";
import { popups, uploads } from "../../db/schema";
import type { Deps } from "../deps";
import { Invalid, NotFound } from "../errors";
import { forgetActivePopup } from "./active";

export const POPUP_IMAGE_PURPOSE = "popup-image";

export const POPUPS_PAGE_SIZE = 200;

/**
 * The popup list of the admin's row, newest first, a page at a time, with the total so a long list
 * never ends silently; the active popup is always on the first page, wherever it would fall.
 */
export async function listPopups(deps: Pick<Deps, "db">, page = 1) {
  const [rows, [total], active] = await deps.db.batch([
    popupRows(deps)
      .orderBy(desc(popups.createdAt), desc(popups.id))
      .limit(POPUPS_PAGE_SIZE)
      .offset((page - 1) * POPUPS_PAGE_SIZE),
    deps.db.select({ n: count() }).from(popups),
    popupRows(deps).where(eq(popups.active, true)),
  ]);
  const listed = page === 1 && active[0] && !rows.some((row) => row.id === active[0]!.id) ? [...rows, active[0]] : rows;
  return { popups: listed, total: total?.n ?? 0, page, pageSize: POPUPS_PAGE_SIZE };
}

/** What the list shows of a popup: enough to choose, never the whole paragraph. */
function popupRows(deps: Pick<Deps, "db">) {
  return deps.db
    .select({
      id: popups.id,
      header: popups.header,
      active: popups.active,
      imageKey: popups.imageKey,
      startsAt: popups.startsAt,
      endsAt: popups.endsAt,
      createdAt: popups.createdAt,
    })
    .from(popups);
}

/** The image must be this admin's own verified popup-image upload: no pointing a popup at someone's file. */
async function ownImage(deps: Pick<Deps, "db">, adminId: string, key: string) {
  if (!key) return null;
  const [upload] = await deps.db
    .select({ key: uploads.key, contentType: uploads.contentType })
    .from(uploads)
    .where(
      and(
        eq(uploads.key, key),
        eq(uploads.userId, adminId),
        eq(uploads.purpose, POPUP_IMAGE_PURPOSE),
        eq(uploads.status, "completed"),
      ),
    );
  if (!upload)
    throw new Invalid("The image upload was not found. Upload the image again.", { imageKey: ["Not found."] });
  return upload;
}

/** Saves a new, inactive popup (the seed's 'submit-popup-config'); the admin sets it active from the dashboard. */
export async function createPopup(deps: Pick<Deps, "db">, adminId: string, input: PopupInput) {
  const image = await ownImage(deps, adminId, input.imageKey);
  const [popup] = await deps.db
    .insert(popups)
    .values({
      id: crypto.randomUUID(),
      header: input.header,
      headerStyle: input.headerStyle,
      paragraphText: input.paragraph.text,
      paragraphStyle: input.paragraph.style,
      buttonLabel: input.buttonLabel,
      linkAddress: input.linkAddress,
      imageKey: image?.key ?? null,
      // The type the upload's bytes were checked as: what the image is served as.
      imageType: image?.contentType ?? null,
      imageAlt: input.imageAlt,
      startsAt: input.startsAt ? new Date(input.startsAt) : null,
      endsAt: input.endsAt ? new Date(input.endsAt) : null,
      createdBy: adminId,
    })
    .returning({ id: popups.id });
  return popup!;
}

/**
 * Makes one popup the active one. One batch (one transaction): the others are
 * switched off first, then this one on, so the partial unique index
 * popups_one_active is never crossed and concurrent calls end with exactly one
 * active popup. The first statement only runs if the popup exists, so an unknown
 * id changes nothing.
 */
export async function setActivePopup(deps: Pick<Deps, "db">, popupId: string) {
  const exists = sql`exists (select 1 from ${popups} where ${popups.id} = ${popupId})`;
  const [, activated] = await deps.db.batch([
    deps.db
      .update(popups)
      .set({ active: false })
      .where(and(eq(popups.active, true), ne(popups.id, popupId), exists)),
    deps.db.update(popups).set({ active: true }).where(eq(popups.id, popupId)).returning({ id: popups.id }),
  ]);
  forgetActivePopup();
  if (activated.length === 0) throw new NotFound("Popup not found.");
}

/**
 * Deletes a popup and then its image, unless another popup shows the same image
 * (an orphaned object is harmless; a row pointing at nothing is not).
 */
export async function deletePopup(deps: Pick<Deps, "db" | "storage">, popupId: string) {
  const [deleted] = await deps.db
    .delete(popups)
    .where(eq(popups.id, popupId))
    .returning({ imageKey: popups.imageKey, active: popups.active });
  if (!deleted) throw new NotFound("Popup not found.");
  if (deleted.active) forgetActivePopup();
  if (!deleted.imageKey) return;
  const [shared] = await deps.db
    .select({ id: popups.id })
    .from(popups)
    .where(eq(popups.imageKey, deleted.imageKey))
    .limit(1);
  if (!shared) await deps.storage.bucket.delete(deleted.imageKey);
}
