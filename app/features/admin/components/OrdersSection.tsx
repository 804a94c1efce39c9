// The dashboard's orders: every store order, newest first, with its buyer, items, amount, what was
// refunded and its state; a page at a time, searched on the server (?q=: an order number or the
// buyer's e-mail, name or username). Each number opens the order's receipt (the thank-you view,
// which shows the admin any order).
import { Form, Link } from "react-router";
import type { listOrders } from "../../../../worker/domain/admin/orders";
import { EmailAddress } from "../../../components/EmailAddress";
import {
  Badge,
  type BadgeTone,
  Button,
  type Column,
  EmptyState,
  Field,
  Input,
  Pager,
  Table,
} from "../../../components/ui";
import { formatDateTime, formatMoney } from "../../../kernel/format";
import { sectionLink } from "./AdminNav";
import styles from "./admin.module.css";

type OrderPage = Awaited<ReturnType<typeof listOrders>>;
type OrderRow = OrderPage["orders"][number];

const STATUS: Record<OrderRow["status"], { label: string; tone: BadgeTone }> = {
  pending: { label: "Pending", tone: "warning" },
  paid: { label: "Paid", tone: "success" },
  refunded: { label: "Refunded", tone: "info" },
  canceled: { label: "Canceled", tone: "neutral" },
};

export function OrdersSection({ list, viewerId }: { list: OrderPage; viewerId: string }) {
  const columns: Column<OrderRow>[] = [
    {
      key: "number",
      header: "Order",
      primary: true,
      kind: "nowrap",
      cell: (order) => (
        <Link to={`/checkOut/${encodeURIComponent(viewerId)}?order=${encodeURIComponent(order.id)}`}>
          #{order.number}
        </Link>
      ),
    },
    {
      key: "buyer",
      header: "Buyer",
      cell: (order) =>
        order.buyer ? (
          <>
            {order.buyer}
            <span className={styles.subline}>
              <EmailAddress value={order.email ?? ""} />
            </span>
          </>
        ) : (
          "Deleted account"
        ),
    },
    {
      key: "items",
      header: "Items",
      kind: "numeric",
      cell: (order) => new Intl.NumberFormat("en-US").format(order.items),
    },
    { key: "amount", header: "Amount", kind: "numeric", cell: (order) => formatMoney(order.amountCents) },
    {
      key: "refunded",
      header: "Refunded",
      kind: "numeric",
      cell: (order) => (order.refundedCents > 0 ? formatMoney(order.refundedCents) : "None"),
    },
    {
      key: "status",
      header: "Status",
      kind: "nowrap",
      cell: (order) => <Badge tone={STATUS[order.status].tone}>{STATUS[order.status].label}</Badge>,
    },
    {
      key: "date",
      header: "Placed",
      cell: (order) => formatDateTime(order.createdAt, { timeZone: "UTC" }),
    },
  ];
  return (
    <section className={styles.section} aria-labelledby="orders-heading">
      <h2 id="orders-heading">Orders</h2>
      <p className={styles.lead}>Store orders, newest first. Times in UTC.</p>
      <Form method="get" action="/theAdministrator" className={styles.toolbar} role="search">
        <input type="hidden" name="section" value="orders" />
        <Field label="Search orders" hint="Order number, or the buyer's e-mail or name" className={styles.grow}>
          <Input name="q" type="search" defaultValue={list.q} maxLength={100} />
        </Field>
        <Button type="submit">Search</Button>
        {list.q && (
          <Link to={sectionLink("orders")} className={styles.clear}>
            Show all orders
          </Link>
        )}
      </Form>
      <Table
        caption="Orders"
        columns={columns}
        rows={list.orders}
        rowKey={(order) => order.id}
        empty={
          list.q ? (
            <EmptyState title="No orders match.">Try an order number such as #1042, or part of an e-mail.</EmptyState>
          ) : (
            <EmptyState title="No orders yet.">Orders appear here when members buy from a store.</EmptyState>
          )
        }
      />
      {list.total > 0 && (
        <Pager
          label="Orders pages"
          total={list.total}
          page={list.page}
          pageSize={list.pageSize}
          noun={["order", "orders"]}
          link={(page) => sectionLink("orders", { q: list.q, page: page > 1 ? page : undefined })}
        />
      )}
    </section>
  );
}
