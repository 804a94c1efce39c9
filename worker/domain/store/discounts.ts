// Discount codes (issue 33, ADR 044): a seller's percentage or amount off,
// for one product or their whole store, with an optional expiry and number
// of uses. The buyer's code is priced on the server from the database; the
// redemption (`uses + 1`) is a statement of the order's own batch, and the
// table's CHECKs fail that batch when the code is used up or expired — so
// however many buyers race, no more orders get the discount than it has uses.
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  DISCOUNT_CODE_TAKEN,
  DISCOUNT_EXPIRED,
  DISCOUNT_NOT_APPLICABLE,
  DISCOUNT_NOT_FOUND,
  DISCOUNT_UNKNOWN,
  DISCOUNT_USED_UP,
  type DiscountForm,
} from "../../../app/kernel/schemas/discounts";
import { toCents } from "../../../app/kernel/schemas/money";
import { type DiscountCode, discountCodes, products } from "../../db/schema";
import { isUniqueViolation } from "../../db/unique";
import type { Deps } from "../deps";
import { Conflict, Invalid, NotFound } from "../errors";

export const normaliseCode = (code: string) => code.trim().toUpperCase();

export function discountView(code: DiscountCode) {
  return {
    id: code.id,
    code: code.code,
    kind: code.kind,
    value: code.value,
    productId: code.productId,
    expiresAt: code.expiresAt,
    maxUses: code.maxUses,
    uses: code.uses,
  };
}
export type DiscountView = ReturnType<typeof discountView>;

export async function listDiscounts(deps: Pick<Deps, "db">, userId: string) {
  const rows = await deps.db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.userId, userId), isNull(discountCodes.deletedAt)))
    .orderBy(desc(discountCodes.createdAt))
    .limit(200);
  return rows.map(discountView);
}

export async function createDiscount(deps: Pick<Deps, "db" | "now">, userId: string, form: DiscountForm) {
  if (form.productId) {
    const [own] = await deps.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, form.productId), eq(products.userId, userId), eq(products.status, "active")));
    if (!own) throw new NotFound("Product not found.");
  }
  try {
    const [row] = await deps.db
      .insert(discountCodes)
      .values({
        id: crypto.randomUUID(),
        userId,
        code: normaliseCode(form.code),
        kind: form.kind,
        value: form.kind === "percent" ? form.value : toCents(form.value),
        productId: form.productId ?? null,
        expiresAt: form.expiresAt ? new Date(form.expiresAt) : null,
        maxUses: form.maxUses ?? null,
      })
      .returning();
    return discountView(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(DISCOUNT_CODE_TAKEN, { code: [DISCOUNT_CODE_TAKEN] });
    throw error;
  }
}

/** Deleting a code expires it now, so an order already being written with it fails its CHECK too. */
export async function deleteDiscount(deps: Pick<Deps, "db" | "now">, userId: string, id: string) {
  const now = deps.now();
  const [gone] = await deps.db
    .update(discountCodes)
    .set({
      deletedAt: new Date(now),
      expiresAt: sql`max(${now}, COALESCE(${discountCodes.lastUsedAt} + 1, 0))`,
    })
    .where(and(eq(discountCodes.id, id), eq(discountCodes.userId, userId), isNull(discountCodes.deletedAt)))
    .returning({ id: discountCodes.id });
  if (!gone) throw new NotFound(DISCOUNT_NOT_FOUND);
}

interface Priced {
  productId: string;
  sellerId: string;
  priceCents: number;
}

/** Why this code cannot be used now, or null. */
function refusal(code: DiscountCode, now: number): string | null {
  if (code.expiresAt && code.expiresAt.getTime() <= now) return DISCOUNT_EXPIRED;
  if (code.maxUses !== null && code.uses >= code.maxUses) return DISCOUNT_USED_UP;
  return null;
}

/** Cents off each item for one code: a percentage of each eligible item, or an amount spread over them. */
export function discountFor(code: Pick<DiscountCode, "kind" | "value" | "userId" | "productId">, items: Priced[]) {
  const off = new Map<string, number>();
  const eligible = items.filter(
    (item) => item.sellerId === code.userId && (code.productId === null || code.productId === item.productId),
  );
  let left = code.value;
  for (const item of eligible) {
    const cents =
      code.kind === "percent" ? Math.round((item.priceCents * code.value) / 100) : Math.min(left, item.priceCents);
    if (code.kind === "amount") left -= cents;
    if (cents > 0) off.set(item.productId, cents);
  }
  return off;
}

/**
 * The buyer's code, priced against the cart's items (prices from the database): the codes that
 * apply (one per seller whose store has this code) and the cents off each item. Throws the reason
 * when it cannot be used.
 */
export async function priceCode(deps: Pick<Deps, "db" | "now">, typed: string, items: Priced[]) {
  const sellers = [...new Set(items.map((item) => item.sellerId))];
  const code = normaliseCode(typed);
  const found = sellers.length
    ? await deps.db
        .select()
        .from(discountCodes)
        .where(
          and(eq(discountCodes.code, code), inArray(discountCodes.userId, sellers), isNull(discountCodes.deletedAt)),
        )
    : [];
  if (found.length === 0) throw new Invalid(DISCOUNT_UNKNOWN, { discountCode: [DISCOUNT_UNKNOWN] });
  const now = deps.now();
  const usable = found.filter((row) => !refusal(row, now));
  if (usable.length === 0) {
    const reason = refusal(found[0]!, now)!;
    throw new Conflict(reason, { discountCode: [reason] }, "discount_unavailable");
  }
  const off = new Map<string, number>();
  const applied: DiscountCode[] = [];
  for (const row of usable) {
    const mine = discountFor(row, items);
    if (mine.size) applied.push(row);
    for (const [productId, cents] of mine) off.set(productId, cents);
  }
  if (applied.length === 0) throw new Invalid(DISCOUNT_NOT_APPLICABLE, { discountCode: [DISCOUNT_NOT_APPLICABLE] });
  return { code, applied, off };
}

/** The redemptions to run in the order's batch; the CHECKs refuse one past the limit or the expiry. */
export function redemptions(deps: Pick<Deps, "db" | "now">, applied: DiscountCode[]) {
  const now = new Date(deps.now());
  return applied.map((row) =>
    deps.db
      .update(discountCodes)
      .set({ uses: sql`${discountCodes.uses} + 1`, lastUsedAt: now })
      .where(eq(discountCodes.id, row.id)),
  );
}

/** The order's batch failed on a code's CHECK: say which (used up or expired), as the buyer should read it. */
export async function redemptionRefused(deps: Pick<Deps, "db" | "now">, error: unknown, applied: DiscountCode[]) {
  const text = `${String(error)} ${String((error as { cause?: unknown })?.cause ?? "")}`;
  if (!applied.length || !/CHECK constraint failed/i.test(text)) return null;
  const rows = await deps.db
    .select()
    .from(discountCodes)
    .where(
      inArray(
        discountCodes.id,
        applied.map((row) => row.id),
      ),
    );
  const reason = rows.map((row) => refusal(row, deps.now())).find(Boolean) ?? DISCOUNT_USED_UP;
  return new Conflict(reason, { discountCode: [reason] }, "discount_unavailable");
}
