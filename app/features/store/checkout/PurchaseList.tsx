// The buyer's purchases: every settled order with its items, licence
// documents and the zip, through links signed afresh on every load. Shown on
// the Purchases page and in the Downloads section.
import { Link, useRevalidator } from "react-router";
import type { OrderView } from "../../../../worker/domain/orders/purchases";
import { LocalTime } from "../../../components/LocalTime";
import { Table } from "../../../components/ui";
import { formatMoney } from "../../../kernel/format";
import { LICENCE_NAMES } from "../../../kernel/licences";
import { ItemCover } from "./ItemCover";
import { PackageStatus } from "./PackageStatus";
import styles from "./PurchaseList.module.css";

export const NO_PURCHASES = "You have not bought anything yet.";

export function PurchaseList({ purchases, headingLevel = 2 }: { purchases: OrderView[]; headingLevel?: 2 | 3 }) {
  const revalidator = useRevalidator();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  if (purchases.length === 0) return <p className="empty-state">{NO_PURCHASES}</p>;
  return (
    <>
      {purchases.map((order) => (
        <article key={order.id} aria-labelledby={`order-${order.id}`} className={styles.order}>
          <Heading id={`order-${order.id}`}>
            Order {order.number} · {formatMoney(order.amountCents - order.refundedCents)}
            {order.paidAt && (
              <>
                {" "}
                · <LocalTime value={order.paidAt} />
              </>
            )}
          </Heading>
          {order.notice && <p className="notice">{order.notice}</p>}
          {/* A table on wide screens, one card per item on a phone (the terms need the width). */}
          <Table
            caption={`Items of order ${order.number}`}
            rows={order.items}
            rowKey={(item) => item.productId}
            columns={[
              {
                key: "product",
                header: "Product",
                primary: true,
                cell: (item) => (
                  <div className={styles.product}>
                    <ItemCover title={item.title} url={item.coverUrl} />
                    <div className={styles.text}>
                      <span className={styles.title}>{item.title}</span>
                      {item.status === "refunded" && <span className="muted">Refunded: no longer available</span>}
                    </div>
                  </div>
                ),
              },
              {
                key: "seller",
                header: "Seller",
                kind: "truncate",
                cell: (item) => <span title={`@${item.sellerUsername}`}>{item.sellerName ?? item.sellerUsername}</span>,
              },
              { key: "licence", header: "Licence", cell: (item) => <Licence item={item} /> },
              {
                key: "price",
                header: "Price",
                kind: "numeric",
                cell: (item) => (
                  <>
                    {formatMoney(item.priceCents - (item.discountCents ?? 0))}
                    {(item.discountCents ?? 0) > 0 && (
                      <div className="muted">
                        {formatMoney(item.discountCents)} off (code {order.discountCode})
                      </div>
                    )}
                  </>
                ),
              },
            ]}
          />
          <PackageStatus order={order} onRetried={() => void revalidator.revalidate()} />
        </article>
      ))}
    </>
  );
}

type PurchasedItem = OrderView["items"][number];

/** The licence's name, its terms once the order is fulfilled, and where to verify it. */
function Licence({ item }: { item: PurchasedItem }) {
  return (
    <>
      {item.licenceName ?? LICENCE_NAMES[item.licenseType]}
      {item.status === "fulfilled" && item.terms && (
        <details className="licence-terms">
          <summary>Terms</summary>
          <ul>
            {item.terms.map((term) => (
              <li key={term}>{term}</li>
            ))}
            {item.delivers && <li>{item.delivers}</li>}
          </ul>
        </details>
      )}
      {item.licenceCode && (
        <div>
          <Link to={`/licence/${item.licenceCode}`}>Verify licence</Link>
          {item.licenceUrl && (
            <>
              {" · "}
              <a href={item.licenceUrl}>Licence PDF</a>
            </>
          )}
        </div>
      )}
    </>
  );
}
