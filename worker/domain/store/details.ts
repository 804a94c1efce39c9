// Beat details (issue 33): genre, mood, BPM, key and tags set by the seller, and preview plays
// counted for the store's popularity sort and the seller's sales view.
import { and, eq, sql } from "drizzle-orm";
import type { BeatDetails } from "../../../app/lib/schemas/beat-details";
import { NOT_ON_SALE } from "../../../app/lib/schemas/products";
import { products } from "../../db/schema";
import type { Deps } from "../deps";
import { Conflict } from "../errors";
import { ownProduct, requireOnSale, storeChanged } from "./products";

export async function changeDetails(deps: Deps, userId: string, productId: string, details: BeatDetails) {
  requireOnSale(await ownProduct(deps, userId, productId));
  const [changed] = await deps.db
    .update(products)
    .set({ ...details, updatedAt: new Date(deps.now()) })
    .where(and(eq(products.id, productId), eq(products.status, "active")))
    .returning({ id: products.id });
  if (!changed) throw new Conflict(NOT_ON_SALE);
  storeChanged(userId);
}

/** One preview started by a visitor: counted on listed, public products only (an unknown id counts nothing). */
export async function countPlay(deps: Pick<Deps, "db">, productId: string) {
  await deps.db
    .update(products)
    .set({ plays: sql`${products.plays} + 1` })
    .where(and(eq(products.id, productId), eq(products.status, "active"), eq(products.accessType, "public-read")));
}
