// Beat details (issue 33): genre, mood, BPM, key and tags set by the seller, and preview plays
// counted for the store's popularity sort and the seller's sales view.
import { and, eq, ne, sql } from "drizzle-orm";
import type { BeatDetails } from "../../../app/kernel/schemas/beat-details";
import { NOT_ON_SALE } from "../../../app/kernel/schemas/products";
import { products } from "../../db/schema";
import { takeAttempt } from "../../security/rate-limit";
import type { Deps } from "../deps";
import { Conflict, TooManyRequests } from "../errors";
import { ownProduct, requireOnSale, storeChanged } from "./products";

export async function changeDetails(deps: Deps, userId: string, productId: string, details: BeatDetails) {
  requireOnSale(await ownProduct(deps, userId, productId));
  const [changed] = await deps.db
    .update(products)
    .set({ ...details, updatedAt: new Date(deps.now()) })
    .where(and(eq(products.id, productId), eq(products.status, "active")))
    .returning({ id: products.id });
  if (!changed) throw new Conflict(NOT_ON_SALE);
  storeChanged(userId, productId);
}

/** A client's listens of one beat counted in a window: a reload or a script does not inflate the count. */
export const PLAY_LIMIT = { max: 1, windowMs: 30 * 60 * 1000 };

/**
 * One listen of a preview (the shared player reports the start of a listen, not seeks or resumes):
 * counted on listed, public products only, never the seller's own, and once per client and beat in
 * `PLAY_LIMIT`'s window. An unknown id counts nothing.
 */
export async function countPlay(deps: Pick<Deps, "db" | "now">, productId: string, listener: Listener) {
  try {
    await takeAttempt(
      deps.db,
      [{ scope: "preview-play", subject: `${listener.clientId}:${productId}`, ...PLAY_LIMIT }],
      deps.now(),
    );
  } catch (error) {
    if (error instanceof TooManyRequests) return;
    throw error;
  }
  await deps.db
    .update(products)
    .set({ plays: sql`${products.plays} + 1` })
    .where(
      and(
        eq(products.id, productId),
        eq(products.status, "active"),
        eq(products.accessType, "public-read"),
        listener.userId ? ne(products.userId, listener.userId) : undefined,
      ),
    );
}
export interface Listener {
  userId: string | null;
  clientId: string;
}
