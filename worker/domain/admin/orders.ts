// The dashboard's orders (issue 29): every store order, newest first, a page at a time, with the
// buyer and the number of items; searched by order number or the buyer's e-mail, name or username.
// Amounts come from the orders themselves, never from a client.
import { count, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { ORDERS_PAGE_SIZE, type OrderQuery } from "../../../app/kernel/schemas/admin";
import { orderItems, orders, users } from "../../db/schema";
import type { Deps } from "../deps";
import { containing } from "./users";

function matching(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = containing(q);
  // "#1042" is how the list shows an order's number; the number itself is stored without the '#'.
  const number = containing(q.replace(/^#/, ""));
  // LIKE is case-insensitive for ASCII in SQLite; ESCAPE makes the backslashes above literal markers.
  const likes = (column: SQLiteColumn, value = pattern) => sql`${column} like ${value} escape '\\'`;
  return or(likes(orders.number, number), likes(users.email), likes(users.username), likes(users.name));
}

export async function listOrders(deps: Pick<Deps, "db">, { page, q }: OrderQuery) {
  const { db } = deps;
  const where = matching(q);
  const [rows, [total]] = await db.batch([
    db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        amountCents: orders.amountCents,
        refundedCents: orders.refundedCents,
        currency: orders.currency,
        provider: orders.provider,
        createdAt: orders.createdAt,
        paidAt: orders.paidAt,
        buyer: users.username,
        email: users.email,
        items: sql<number>`(select count(*) from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
      })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ORDERS_PAGE_SIZE)
      .offset((page - 1) * ORDERS_PAGE_SIZE),
    db.select({ n: count() }).from(orders).leftJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  return { orders: rows, total: total?.n ?? 0, page, pageSize: ORDERS_PAGE_SIZE, q };
}
