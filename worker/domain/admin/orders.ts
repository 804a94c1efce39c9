// The dashboard's orders (issue 29): every store order, newest first, a page at a time, with the
// buyer and the number of items. Amounts come from the orders themselves, never from a client.
import { count, desc, eq, sql } from "drizzle-orm";
import { ORDERS_PAGE_SIZE } from "../../../app/kernel/schemas/admin";
import { orderItems, orders, users } from "../../db/schema";
import type { Deps } from "../deps";

export async function listOrders(deps: Pick<Deps, "db">, page: number) {
  const { db } = deps;
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
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ORDERS_PAGE_SIZE)
      .offset((page - 1) * ORDERS_PAGE_SIZE),
    db.select({ n: count() }).from(orders),
  ]);
  return { orders: rows, total: total?.n ?? 0, page, pageSize: ORDERS_PAGE_SIZE };
}
