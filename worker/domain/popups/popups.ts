// The admin's welcome popups (seed 001 screens 12–13): create, list, set the one
// active popup, delete. Admin only: the adapters check the role before calling.
import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import type { PopupInput } from "../../../app/kernel/schemas/popups";
import { popups } from "../../db/schema";
import { imageTypeOf } from "../../storage/images";
import type { Deps } from "../deps";
import { Invalid, NotFound } from "../errors";
import { claimable } from "../uploads/claims";
import { forgetActivePopup } from "./active";

export const POPUP_IMAGE_PURPOSE = "popup-image" as const;

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
  const missing = new Invalid("The image upload was not found. Upload the image again.", { imageKey: ["Not found."] });
  const [upload] = await claimable(deps, adminId, POPUP_IMAGE_PURPOSE, [key], missing, "key");
  return upload!;
}

/** The columns a popup is written with, from the editor's checked input. */
function storedFields(input: PopupInput, image: { key: string; contentType: string | null } | null) {
  return {
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
  };
}

/** One popup as the editor opens it (to edit or to copy), with a short-lived link to its image. */
export async function popupForEditor(deps: Pick<Deps, "db" | "storage">, popupId: string) {
  const [popup] = await deps.db.select().from(popups).where(eq(popups.id, popupId)).limit(1);
  if (!popup) throw new NotFound("Popup not found.");
  const imageUrl = popup.imageKey
    ? (
        await deps.storage.signer.signGet(
          { key: popup.imageKey, contentType: imageTypeOf(popup.imageType, popup.imageKey) ?? undefined },
          60 * 60,
        )
      ).url
    : null;
  return { popup, imageUrl };
}

/**
 * Saves the editor's changes to a popup. The image may stay the one it has (whoever uploaded it) or
 * become this admin's own new upload. The version goes up, so visitors who closed the old text see
 * the new one.
 */
export async function updatePopup(deps: Pick<Deps, "db">, adminId: string, popupId: string, input: PopupInput) {
  const [current] = await deps.db
    .select({ imageKey: popups.imageKey, imageType: popups.imageType })
    .from(popups)
    .where(eq(popups.id, popupId));
  if (!current) throw new NotFound("Popup not found.");
  const kept = input.imageKey !== "" && input.imageKey === current.imageKey;
  const image = kept
    ? { key: current.imageKey!, contentType: current.imageType }
    : await ownImage(deps, adminId, input.imageKey);
  const [popup] = await deps.db
    .update(popups)
    .set({ ...storedFields(input, image), version: sql`${popups.version} + 1` })
    .where(eq(popups.id, popupId))
    .returning({ id: popups.id, active: popups.active });
  if (!popup) throw new NotFound("Popup not found.");
  if (popup.active) forgetActivePopup();
  return { id: popup.id };
}

/**
 * A copy of a popup, inactive, its header marked as a copy, in one statement (no read-then-write).
 * The copy shares the image: deleting either keeps the object while the other still shows it.
 */
export async function duplicatePopup(deps: Pick<Deps, "db">, adminId: string, popupId: string) {
  const id = crypto.randomUUID();
  const copied = await deps.db.run(sql`
    insert into ${popups} (id, header, header_style, paragraph_text, paragraph_style, button_label, link_address,
      image_key, image_url, image_type, image_alt, active, starts_at, ends_at, version, created_by)
    select ${id}, substr(header || ' (copy)', 1, 120), header_style, paragraph_text, paragraph_style, button_label,
      link_address, image_key, image_url, image_type, image_alt, 0, starts_at, ends_at, 1, ${adminId}
    from ${popups} where id = ${popupId}`);
  if (copied.meta.changes === 0) throw new NotFound("Popup not found.");
  return { id };
}

/** Switches a popup off: no popup shows until one is set active again. An unknown id is refused. */
export async function deactivatePopup(deps: Pick<Deps, "db">, popupId: string) {
  const [popup] = await deps.db
    .update(popups)
    .set({ active: false })
    .where(eq(popups.id, popupId))
    .returning({ id: popups.id });
  if (!popup) throw new NotFound("Popup not found.");
  forgetActivePopup();
}

/** Saves a new, inactive popup (the seed's 'submit-popup-config'); the admin sets it active from the dashboard. */
export async function createPopup(deps: Pick<Deps, "db">, adminId: string, input: PopupInput) {
  const image = await ownImage(deps, adminId, input.imageKey);
  const [popup] = await deps.db
    .insert(popups)
    .values({ id: crypto.randomUUID(), ...storedFields(input, image), createdBy: adminId })
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
  if (!shared) await deps.storage.delete(deleted.imageKey);
}
