// Shipping addresses (seed 001 §3, §5, §9): a member keeps up to 20 and sees,
// and deletes, only their own. The auction checks `shippingAddressProbe` before an
// offer (seed 001 §6, §8 MISSING_SHIPPING).
import { and, asc, eq, lt, sql } from "drizzle-orm";
import { MAX_ADDRESSES, type ShippingForm, TOO_MANY_ADDRESSES } from "../../../app/kernel/schemas/shipping";
import { shippingAddresses, users } from "../../db/schema";
import type { Deps } from "../deps";
import { Conflict, NotFound } from "../errors";

/** What a member sees of an address: everything but the owner. */
const publicColumns = {
  id: shippingAddresses.id,
  recipientName: shippingAddresses.recipientName,
  phone: shippingAddresses.phone,
  streetAddress: shippingAddresses.streetAddress,
  city: shippingAddresses.city,
  state: shippingAddresses.state,
  zipCode: shippingAddresses.zipCode,
  country: shippingAddresses.country,
  neighborhood: shippingAddresses.neighborhood,
  landmark: shippingAddresses.landmark,
  createdAt: shippingAddresses.createdAt,
};

export type ShippingAddressView = Awaited<ReturnType<typeof listShippingAddresses>>[number];

/** The member's addresses, oldest first. */
export function listShippingAddresses(deps: Pick<Deps, "db">, userId: string) {
  return deps.db
    .select(publicColumns)
    .from(shippingAddresses)
    .where(eq(shippingAddresses.userId, userId))
    .orderBy(asc(shippingAddresses.createdAt), sql`rowid`);
}

/**
 * Saves a parsed form for the member. The cap is checked inside the one
 * INSERT … SELECT, so parallel saves cannot go past it.
 */
export async function addShippingAddress(
  deps: Pick<Deps, "db" | "now">,
  userId: string,
  form: ShippingForm,
): Promise<ShippingAddressView> {
  const id = crypto.randomUUID();
  const ownCount = deps.db.$count(shippingAddresses, eq(shippingAddresses.userId, userId));
  const [row] = await deps.db
    .insert(shippingAddresses)
    .select(
      deps.db
        .select({
          id: sql`${id}`.as("id"),
          userId: users.id,
          recipientName: sql`${form.recipientName}`.as("recipientName"),
          phone: sql`${form.phone}`.as("phone"),
          streetAddress: sql`${form.streetAddress}`.as("streetAddress"),
          city: sql`${form.city}`.as("city"),
          state: sql`${form.state}`.as("state"),
          zipCode: sql`${form.zipCode}`.as("zipCode"),
          country: sql`${form.country}`.as("country"),
          neighborhood: sql`${form.neighborhood}`.as("neighborhood"),
          landmark: sql`${form.landmark}`.as("landmark"),
          createdAt: sql`${deps.now()}`.as("createdAt"),
        })
        .from(users)
        .where(and(eq(users.id, userId), lt(ownCount, MAX_ADDRESSES))),
    )
    .returning(publicColumns);
  if (row) return row;
  const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw new NotFound();
  throw new Conflict(TOO_MANY_ADDRESSES);
}

/** Deletes one of the member's addresses; someone else's, or a missing one, is NotFound. */
export async function deleteShippingAddress(deps: Pick<Deps, "db">, userId: string, id: string): Promise<void> {
  const deleted = await deps.db
    .delete(shippingAddresses)
    .where(and(eq(shippingAddresses.id, id), eq(shippingAddresses.userId, userId)))
    .returning({ id: shippingAddresses.id });
  if (deleted.length === 0) throw new NotFound();
}

/** Whether the member has at least one address (the auction's precondition for an offer). */
export async function hasShippingAddress(deps: Pick<Deps, "db">, userId: string): Promise<boolean> {
  return (await shippingAddressProbe(deps, userId)).length > 0;
}

/** The query behind `hasShippingAddress` (one row or none), for callers that batch it with their own reads. */
export function shippingAddressProbe(deps: Pick<Deps, "db">, userId: string) {
  return deps.db
    .select({ id: shippingAddresses.id })
    .from(shippingAddresses)
    .where(eq(shippingAddresses.userId, userId))
    .limit(1);
}
