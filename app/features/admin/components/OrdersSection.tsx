// The dashboard's orders: every store order, newest first, with its buyer, items, amount, what was
// refunded and its state; a page at a time.
import type { listOrders } from "../../../../worker/domain/admin/orders";
import { Badge, type BadgeTone, type Column, EmptyState, Pager, Table } from "../../../components/ui";
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

export function OrdersSection({ list }: { list: OrderPage }) {
  const columns: Column<OrderRow>[] = [
    { key: "number", header: "Order", primary: true, kind: "nowrap", cell: (order) => `#${order.number}` },
    {
      key: "buyer",
      header: "Buyer",
      kind: "truncate",
      cell: (order) => (order.buyer ? `${order.buyer} · ${order.email}` : "Deleted account"),
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
      <Table
        caption="Orders"
        columns={columns}
        rows={list.orders}
        rowKey={(order) => order.id}
        empty={<EmptyState title="No orders yet.">Orders appear here when members buy from a store.</EmptyState>}
      />
      {list.total > 0 && (
        <Pager
          label="Orders pages"
          total={list.total}
          page={list.page}
          pageSize={list.pageSize}
          noun={["order", "orders"]}
          link={(page) => sectionLink("orders", { page: page > 1 ? page : undefined })}
        />
      )}
    </section>
  );
}
