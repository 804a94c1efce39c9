// The buyer's cart (seed 001 §3 cart item, §7 `/cart/add-audio`, `/cart/{userId}`,
// `/clear-cart`). A member sees and changes only their own cart; which
// products may go in is decided inside the one INSERT … SELECT, so a product
// sold or withdrawn a moment earlier cannot slip in.
import { and, asc, count, eq, sql } from "drizzle-orm";
import {
  ALREADY_IN_CART,
  CART_FULL,
  EXCLUSIVE_SOLD,
  MAX_CART_ITEMS,
  OWN_PRODUCT,
  PRODUCT_SOLD_OUT,
  PRODUCT_UNAVAILABLE,
} from "../../../app/lib/schemas/checkout";
import { cartItems, type Product, products, users } from "../../db/schema";
import type { Deps } from "../deps";
import { Conflict, NotFound } from "../errors";
import { productIsAvailable } from "./availability";

/** Why a product cannot be bought now, or null when it can. */
export function unavailableReason(
  product: Pick<Product, "status" | "accessType" | "quantity" | "licenseType">,
): string | null {
  if (product.status === "withdrawn" && product.licenseType === "exclusive") return EXCLUSIVE_SOLD;
  if (product.status !== "active" || product.accessType !== "public-read") return PRODUCT_UNAVAILABLE;
  if (product.quantity !== null && product.quantity <= 0) return PRODUCT_SOLD_OUT;
  return null;
}

export async function addToCart(deps: Pick<Deps, "db" | "now">, userId: string, productId: string) {
  const inCart = deps.db.$count(cartItems, eq(cartItems.userId, userId));
  const inserted = await deps.db
    .insert(cartItems)
    .select(
      deps.db
        .select({
          userId: sql`${userId}`.as("user_id"),
          productId: products.id,
          addedAt: sql`${deps.now()}`.as("added_at"),
        })
        .from(products)
        .where(
          and(
            eq(products.id, productId),
            productIsAvailable,
            sql`${products.userId} <> ${userId}`,
            sql`${inCart} < ${MAX_CART_ITEMS}`,
          ),
        ),
    )
    .onConflictDoNothing()
    .returning({ productId: cartItems.productId });
  if (inserted.length) return;

  // Not added: say why, most specific first.
  const [product] = await deps.db.select().from(products).where(eq(products.id, productId));
  if (!product || product.status === "deleted") throw new NotFound(PRODUCT_UNAVAILABLE);
  if (product.userId === userId) throw new Conflict(OWN_PRODUCT, undefined, "own_product");
  if (product.accessType !== "public-read") throw new NotFound(PRODUCT_UNAVAILABLE);
  const reason = unavailableReason(product);
  if (reason) throw new Conflict(reason, undefined, "unavailable");
  const [already] = await deps.db
    .select({ productId: cartItems.productId })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
  if (already) throw new Conflict(ALREADY_IN_CART, undefined, "already_in_cart");
  throw new Conflict(CART_FULL, undefined, "cart_full");
}

/** The cart with each product as it is now; unavailable ones are kept and say why. */
export async function listCart(deps: Pick<Deps, "db">, userId: string) {
  const rows = await deps.db
    .select({
      productId: products.id,
      title: products.title,
      sellerId: products.userId,
      sellerUsername: users.username,
      licenseType: products.licenseType,
      priceCents: products.priceCents,
      quantity: products.quantity,
      status: products.status,
      accessType: products.accessType,
      addedAt: cartItems.addedAt,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(users, eq(users.id, products.userId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.addedAt), asc(products.id));
  const items = rows.map(({ status, accessType, ...row }) => ({
    ...row,
    unavailable: unavailableReason({ status, accessType, quantity: row.quantity, licenseType: row.licenseType }),
  }));
  const totalCents = items.reduce((sum, item) => (item.unavailable ? sum : sum + item.priceCents), 0);
  return { items, totalCents };
}

export type CartView = Awaited<ReturnType<typeof listCart>>;

export async function removeFromCart(deps: Pick<Deps, "db">, userId: string, productId: string) {
  await deps.db.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
}

export async function clearCart(deps: Pick<Deps, "db">, userId: string) {
  await deps.db.delete(cartItems).where(eq(cartItems.userId, userId));
}

export async function cartCount(deps: Pick<Deps, "db">, userId: string) {
  const [row] = await deps.db.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, userId));
  return row?.n ?? 0;
}
