// After the card is confirmed: wait for the webhook to mark the order paid
// (the browser's word fulfils nothing), then thank the buyer, reload the cart
// (now empty) and follow the package until it can be downloaded.
import { useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { THANK_YOU } from "../../../kernel/schemas/checkout-messages";
import { fetchOrder, type OrderView } from "./client";
import { PackageStatus } from "./PackageStatus";

const POLL_MS = 1000;

const settled = (order: OrderView | null) => order?.status === "paid" || order?.status === "refunded";
const finished = (order: OrderView | null) =>
  settled(order) && (!order!.package || order!.package.status === "done" || order!.package.status === "failed");

export function OrderProgress({ orderId }: { orderId: string }) {
  const [order, setOrder] = useState<OrderView | null>(null);
  const [tick, setTick] = useState(0);
  const revalidator = useRevalidator();
  const reloadedCart = useRef(false);

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
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [orderId, tick, revalidator.revalidate]);

  if (!settled(order))
    return (
      <p role="status" aria-live="polite">
        Confirming your payment…
      </p>
    );
  const paid = order!;
  return (
    <div className="order-progress" role="status" aria-live="polite">
      {paid.status === "paid" && <p className="thank-you">{THANK_YOU}</p>}
      <p>
        Order <strong>{paid.number}</strong>
      </p>
      {paid.notice && <p className="notice">{paid.notice}</p>}
      <PackageStatus order={paid} onRetried={() => setTick((n) => n + 1)} />
      <p>
        <Link to="/purchases">See all your purchases</Link>
      </p>
    </div>
  );
}
