// The buyer's cart (seed 001 §3 cart item, §7 `/cart/add-audio`, `/cart/{userId}`,
// `/clear-cart`). A member sees and changes only their own cart; which
// products may go in is decided inside the one INSERT … SELECT, so a product
// sold or withdrawn a moment earlier cannot slip in.
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { TIER_NOT_FOUND } from "../../../app/kernel/licence-tiers";
import { LICENCE_NAMES } from "../../../app/kernel/licences";
import {
  CART_FULL,
  EXCLUSIVE_SOLD,
  MAX_CART_ITEMS,
  OWN_PRODUCT,
  PRODUCT_SOLD_OUT,
  PRODUCT_UNAVAILABLE,
} from "../../../app/kernel/schemas/checkout";
import { cartItems, type LicenseType, type Product, products, productTiers, users } from "../../db/schema";
import { imageTypeOf } from "../../storage/images";
import type { Deps } from "../deps";
import { Conflict, NotFound } from "../errors";
import { productIsAvailable } from "./availability";

/** An exclusive licence of the product (its own, or an exclusive tier) has been sold. */
/** (Written out: drizzle leaves a lone table's columns unqualified, which inside this subquery would name xi's.) */
export const exclusiveSold = sql<boolean>`EXISTS (SELECT 1 FROM order_items xi WHERE xi.product_id = "products"."id"
  AND xi.status = 'fulfilled' AND xi.license_type = 'exclusive')`.mapWith(Boolean);

/** Why a product cannot be bought now, or null when it can. */
export function unavailableReason(
  product: Pick<Product, "status" | "accessType" | "quantity" | "licenseType"> & { exclusiveSold?: boolean },
): string | null {
  if (product.status === "withdrawn" && (product.licenseType === "exclusive" || product.exclusiveSold))
    return EXCLUSIVE_SOLD;
  if (product.status !== "active" || product.accessType !== "public-read") return PRODUCT_UNAVAILABLE;
  if (product.quantity !== null && product.quantity <= 0) return PRODUCT_SOLD_OUT;
  return null;
}

/** A tier of this product still on offer (or none: the product's own licence). */
const tierOnOffer = (tierId: string | null) =>
  tierId === null
    ? sql`1`
    : sql`EXISTS (SELECT 1 FROM product_tiers t WHERE t.id = ${tierId}
        AND t.product_id = "products"."id" AND t.removed_at IS NULL)`;

/** What an add did: put the beat in the cart, switched its licence, found it there already, or found it bought. */
export type CartAddState = "added" | "switched" | "in_cart" | "owned";

/** A fulfilled purchase of the product by this member (a paid order or a free claim). */
const bought = (userId: string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM order_items bi JOIN orders bo ON bo.id = bi.order_id
    WHERE bi.product_id = "products"."id" AND bo.user_id = ${userId} AND bi.status = 'fulfilled')`.mapWith(Boolean);

/**
 * The member's relation to these products, for the store's pages: which are in their cart (with the
 * licence tier there) and which they already own.
 */
export async function buyerHoldings(deps: Pick<Deps, "db">, userId: string | null, productIds: string[]) {
  const inCart = new Map<string, string | null>();
  const owned = new Set<string>();
  if (!userId || productIds.length === 0) return { inCart, owned };
  const [held, mine] = await Promise.all([
    deps.db
      .select({ productId: cartItems.productId, tierId: cartItems.tierId })
      .from(cartItems)
      .where(and(eq(cartItems.userId, userId), inArray(cartItems.productId, productIds))),
    deps.db
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, productIds), bought(userId))),
  ]);
  for (const row of held) inCart.set(row.productId, row.tierId);
  for (const row of mine) owned.add(row.id);
  return { inCart, owned };
}

/**
 * Puts a beat in the cart with one licence tier (none: the product's own licence). The cart holds one
 * tier per beat: adding another tier of a beat already there switches it. A beat already in the cart
 * with this licence, or already bought, is not an error: the answer says so (and adds nothing).
 */
export async function addToCart(
  deps: Pick<Deps, "db" | "now">,
  userId: string,
  productId: string,
  tierId: string | null = null,
): Promise<CartAddState> {
  const [ownedRow] = await deps.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), bought(userId)));
  if (ownedRow) return "owned";
  const inCart = deps.db.$count(cartItems, eq(cartItems.userId, userId));
  const inserted = await deps.db
    .insert(cartItems)
    .select(
      deps.db
        .select({
          userId: sql`${userId}`.as("user_id"),
          productId: products.id,
          addedAt: sql`${deps.now()}`.as("added_at"),
          tierId: sql`${tierId}`.as("tier_id"),
        })
        .from(products)
        .where(
          and(
            eq(products.id, productId),
            productIsAvailable,
            tierOnOffer(tierId),
            sql`${products.userId} <> ${userId}`,
            sql`${inCart} < ${MAX_CART_ITEMS}`,
          ),
        ),
    )
    .onConflictDoNothing()
    .returning({ productId: cartItems.productId });
  if (inserted.length) return "added";

  // Not added: say why, most specific first.
  const [found] = await deps.db
    .select({ product: products, exclusiveSold })
    .from(products)
    .where(eq(products.id, productId));
  const product = found && { ...found.product, exclusiveSold: found.exclusiveSold };
  if (!product || product.status === "deleted") throw new NotFound(PRODUCT_UNAVAILABLE);
  if (product.userId === userId) throw new Conflict(OWN_PRODUCT, undefined, "own_product");
  if (product.accessType !== "public-read") throw new NotFound(PRODUCT_UNAVAILABLE);
  const reason = unavailableReason(product);
  if (reason) throw new Conflict(reason, undefined, "unavailable");
  if (tierId !== null) {
    const [tier] = await deps.db
      .select({ id: productTiers.id })
      .from(productTiers)
      .where(and(eq(productTiers.id, tierId), eq(productTiers.productId, productId), isNull(productTiers.removedAt)));
    if (!tier) throw new NotFound(TIER_NOT_FOUND);
  }
  const [already] = await deps.db
    .select({ productId: cartItems.productId, tierId: cartItems.tierId })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
  if (already && already.tierId !== tierId) {
    // Another tier of the same beat: the cart holds one, so this one takes its place.
    await deps.db
      .update(cartItems)
      .set({ tierId })
      .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
    return "switched";
  }
  if (already) return "in_cart";
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
      productLicense: products.licenseType,
      productPriceCents: products.priceCents,
      quantity: products.quantity,
      status: products.status,
      accessType: products.accessType,
      addedAt: cartItems.addedAt,
      /** The cover's storage key and type: pages sign a link to it (never sent as is). */
      coverKey: products.coverKey,
      coverContentType: products.coverContentType,
      tier: productTiers,
      exclusiveSold,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(users, eq(users.id, products.userId))
    // A removed tier deletes its cart rows in the same batch, so a joined tier is on offer.
    .leftJoin(productTiers, eq(productTiers.id, cartItems.tierId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.addedAt), asc(products.id));
  const items = rows.map(({ status, accessType, tier, productLicense, productPriceCents, exclusiveSold, ...row }) => {
    const licenseType: LicenseType = tier ? (tier.exclusive ? "exclusive" : "non-exclusive") : productLicense;
    return {
      ...row,
      licenseType,
      // The amount is the tier's price (or the product's own) as stored now.
      priceCents: tier?.priceCents ?? productPriceCents,
      tierId: tier?.id ?? null,
      tierName: tier?.name ?? null,
      formats: tier?.formats ?? null,
      terms: tier?.terms ?? null,
      unavailable: unavailableReason({
        status,
        accessType,
        quantity: row.quantity,
        licenseType: productLicense,
        exclusiveSold,
      }),
    };
  });
  const totalCents = items.reduce((sum, item) => (item.unavailable ? sum : sum + item.priceCents), 0);
  return { items, totalCents };
}

export type CartView = Awaited<ReturnType<typeof listCart>>;

/** A licence a cart row may switch to: a tier (id) or the product's own licence (null). */
export interface CartLicence {
  id: string | null;
  name: string;
  priceCents: number;
}

/**
 * For each product in the member's cart with more than one licence on offer, its licences in rising
 * price (as the beat page lists them), so the cart can switch one (`addToCart` with the new tier).
 */
export async function cartLicenceChoices(deps: Pick<Deps, "db">, userId: string) {
  const rows = await deps.db
    .select({ id: products.id, licenseType: products.licenseType, priceCents: products.priceCents })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId));
  const choices: Record<string, CartLicence[]> = {};
  if (rows.length === 0) return choices;
  const tiers = await deps.db
    .select({
      id: productTiers.id,
      productId: productTiers.productId,
      name: productTiers.name,
      priceCents: productTiers.priceCents,
    })
    .from(productTiers)
    .where(
      and(
        inArray(
          productTiers.productId,
          rows.map((row) => row.id),
        ),
        isNull(productTiers.removedAt),
      ),
    )
    .orderBy(asc(productTiers.seqPos), asc(productTiers.createdAt));
  for (const row of rows) {
    const own: CartLicence = {
      id: null,
      name: LICENCE_NAMES[row.licenseType],
      priceCents: row.licenseType === "free" ? 0 : row.priceCents,
    };
    const offered = tiers.filter((tier) => tier.productId === row.id);
    if (offered.length === 0) continue;
    choices[row.id] = [own, ...offered.map(({ productId: _p, ...tier }) => tier)].sort(
      (a, b) => a.priceCents - b.priceCents,
    );
  }
  return choices;
}

/** The cart's items with a fresh link to each cover (an hour) in place of its storage key. */
export function withCoverLinks<T extends { coverKey: string | null; coverContentType: string | null }>(
  deps: Pick<Deps, "storage">,
  items: T[],
) {
  return Promise.all(
    items.map(async ({ coverKey, coverContentType, ...item }) => ({
      ...item,
      coverUrl: coverKey
        ? (
            await deps.storage.signer.signGet(
              { key: coverKey, contentType: imageTypeOf(coverContentType, coverKey) ?? undefined },
              60 * 60,
            )
          ).url
        : null,
    })),
  );
}

export async function removeFromCart(deps: Pick<Deps, "db">, userId: string, productId: string) {
  await deps.db.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
}

export async function clearCart(deps: Pick<Deps, "db">, userId: string) {
  await deps.db.delete(cartItems).where(eq(cartItems.userId, userId));
}

/**
 * The member's cart size as a column of the session's own statement (`users` is its table): every
 * page's header shows it, and asked there it needs no D1 request of its own (ADR 064).
 */
export const cartSizeColumn = () =>
  sql<number>`(select count(*) from ${cartItems} where ${cartItems.userId} = ${users.id})`
    .mapWith(Number)
    .as("cartCount");
