// A visitor's 'Add to Cart' kept through sign-in (issue 45 item 5.3). The store sends a visitor to
// /signin with the product (and licence tier) as a pending add; the sign-in action, once the member
// is signed in, adds it here, on the server, with the price the database holds (the request carries
// ids only, never an amount), and the member lands on the cart, which says what happened.
import { and, eq } from "drizzle-orm";
import { addToCartSchema } from "../../../app/kernel/schemas/checkout";
import { products } from "../../db/schema";
import type { Deps } from "../deps";
import { DomainError } from "../errors";
import { addToCart } from "./cart";

export interface PendingAdd {
  productId: string;
  tierId: string | null;
}

/** Why a pending add was not made, as the cart page's `notAdded` parameter says it (a closed list). */
export const NOT_ADDED_REASONS = ["own_product", "cart_full", "unavailable"] as const;
export type NotAddedReason = (typeof NOT_ADDED_REASONS)[number];

/** The pending add in a sign-in request's fields or query (`add`, `tier`), or null when it is unreadable. */
export function readPendingAdd(fields: { add?: string | null; tier?: string | null }): PendingAdd | null {
  if (!fields.add) return null;
  const parsed = addToCartSchema.safeParse({ productId: fields.add, tierId: fields.tier || null });
  return parsed.success ? { productId: parsed.data.productId, tierId: parsed.data.tierId ?? null } : null;
}

/** The title of a product anyone may buy (what sign-in names), or null: the add is dropped quietly. */
export async function pendingAddTitle(deps: Pick<Deps, "db">, pending: PendingAdd): Promise<string | null> {
  const [row] = await deps.db
    .select({ title: products.title })
    .from(products)
    .where(
      and(eq(products.id, pending.productId), eq(products.accessType, "public-read"), eq(products.status, "active")),
    );
  return row?.title ?? null;
}

/**
 * Adds the pending product for the member who just signed in; answers the cart's address with what
 * happened: `added=<productId>` (also when it was in the cart already) or `notAdded=<reason>`; a beat
 * the member owns already sends them to their purchases instead.
 */
export async function completePendingAdd(
  deps: Pick<Deps, "db" | "now">,
  userId: string,
  pending: PendingAdd,
): Promise<string> {
  const cart = `/checkOut/${encodeURIComponent(userId)}`;
  try {
    // A beat they own already: their purchases, where it downloads.
    if ((await addToCart(deps, userId, pending.productId, pending.tierId)) === "owned") return "/purchases";
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const reason: NotAddedReason =
      error.code === "own_product" ? "own_product" : error.code === "cart_full" ? "cart_full" : "unavailable";
    return `${cart}?notAdded=${reason}`;
  }
  return `${cart}?added=${encodeURIComponent(pending.productId)}`;
}
