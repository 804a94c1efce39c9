// After the card is confirmed the page is /checkOut/:userId?order=<id>: wait for the webhook to mark
// the order paid (the browser's word fulfils nothing), then thank the buyer (the seed's message),
// reload the cart (now empty) and show the receipt and every item with its files, its licence and
// the zip, following the package until it can be downloaded.
import { useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { LocalTime } from "../../../components/LocalTime";
import { formatMoney } from "../../../kernel/format";
import { LICENCE_NAMES } from "../../../kernel/licences";
import { THANK_YOU } from "../../../kernel/schemas/checkout-messages";
import { fetchOrder, type OrderView } from "./client";
import { ItemCover } from "./ItemCover";
import { PackageStatus } from "./PackageStatus";

const POLL_MS = 1000;

/** The order as the loader or the API sends it (dates as Date or ISO string). */
type ReceiptOrder = Omit<OrderView, "createdAt" | "paidAt"> & {
  createdAt: Date | string;
  paidAt: Date | string | null;
};

const settled = (order: ReceiptOrder | null) => order?.status === "paid" || order?.status === "refunded";
const finished = (order: ReceiptOrder | null) =>
  settled(order) && (!order!.package || order!.package.status === "done" || order!.package.status === "failed");

export function OrderProgress({ orderId, initial }: { orderId: string; initial?: ReceiptOrder | null }) {
  const [order, setOrder] = useState<ReceiptOrder | null>(initial ?? null);
  const [tick, setTick] = useState(0);
  const revalidator = useRevalidator();
  const reloadedCart = useRef(settled(initial ?? null));

  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` restarts polling after a packaging retry.
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const next = await fetchOrder(orderId);
        if (stopped) return;
        setOrder(next);
        if (settled(next) && !reloadedCart.current) {
          reloadedCart.current = true;
          void revalidator.revalidate();
        }
        if (finished(next)) return;
      } catch (error) {
        console.error(error);
      }
      if (!stopped) timer = setTimeout(poll, POLL_MS);
    };
    if (finished(order) && tick === 0) return;
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [orderId, tick, revalidator.revalidate]);

  if (!settled(order))
    return (
      <div className="thank-you-panel">
        <div role="status" aria-live="polite">
          <h1 className="confirming">Confirming your payment…</h1>
        </div>
      </div>
    );
  const paid = order!;
  return (
    <div className="thank-you-panel">
      <div role="status" aria-live="polite">
        {/* The page's one heading: the thank-you once paid, the order's number once refunded. */}
        {paid.status === "paid" ? (
          <h1 className="thank-you">
            <span className="thank-you-mark" aria-hidden="true">
              ✓
            </span>
            {THANK_YOU}
          </h1>
        ) : (
          <h1>Order {paid.number}</h1>
        )}
        {paid.notice && <p className="notice">{paid.notice}</p>}
      </div>
      <dl className="receipt" aria-label="Receipt">
        <div>
          <dt>Order number</dt>
          <dd>{paid.number}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>
            <LocalTime value={paid.paidAt ?? paid.createdAt} />
          </dd>
        </div>
        <div>
          <dt>Amount paid</dt>
          <dd>{formatMoney(paid.amountCents - paid.refundedCents)}</dd>
        </div>
        <div>
          <dt>Payment method</dt>
          <dd>{paid.amountCents > 0 ? "Card" : "No payment (free)"}</dd>
        </div>
        {paid.discountCents > 0 && (
          <div>
            <dt>Discount</dt>
            <dd>
              −{formatMoney(paid.discountCents)} ({paid.discountCode})
            </dd>
          </div>
        )}
      </dl>
      <h2>Your downloads</h2>
      <ul className="bought-items">
        {paid.items.map((item) => (
          <li key={item.productId} aria-label={item.title}>
            <ItemCover title={item.title} url={item.coverUrl} />
            <div className="bought-text">
              <span className="bought-title">{item.title}</span>
              <span className="muted">
                {item.licenceName ?? LICENCE_NAMES[item.licenseType]} · by{" "}
                <span title={`@${item.sellerUsername}`}>{item.sellerName ?? item.sellerUsername}</span> ·{" "}
                {formatMoney(item.priceCents - (item.discountCents ?? 0))}
              </span>
              {item.status === "refunded" && <span className="muted">Refunded: no longer available</span>}
              {item.status === "fulfilled" && (
                <ul className="bought-links">
                  {item.files.map((file) => (
                    <li key={file.url} className="bought-file">
                      {/* The buyer's words first (what and which licence); the file's name muted, cut short. */}
                      <a href={file.url} download={file.fileName}>
                        <span className="bought-file-label">
                          Download {item.title} ({item.licenceName ?? LICENCE_NAMES[item.licenseType]})
                        </span>
                        <span className="muted bought-file-name">{file.fileName}</span>
                      </a>
                    </li>
                  ))}
                  {item.licenceCode && (
                    <li>
                      <Link to={`/licence/${item.licenceCode}`}>
                        Licence<span className="visually-hidden"> for {item.title}</span>
                      </Link>
                    </li>
                  )}
                  {item.licenceUrl && (
                    <li>
                      <a href={item.licenceUrl}>
                        Licence PDF<span className="visually-hidden"> for {item.title}</span>
                      </a>
                    </li>
                  )}
                </ul>
              )}
              {item.status === "pending" && <span className="muted">Preparing your files…</span>}
            </div>
          </li>
        ))}
      </ul>
      <div className="zip-row">
        <PackageStatus order={paid} onRetried={() => setTick((n) => n + 1)} />
        <Link to="/purchases">See all your purchases</Link>
      </div>
    </div>
  );
}
