// Cart and payment (seed 001 screen 4): the cart, 'Proceed to Payment' to
// reveal the card form, then the thank-you once the webhook has paid the
// order, with the cart reloaded empty.
import { useState } from "react";
import { CartTable } from "../components/checkout/CartTable";
import { OrderProgress } from "../components/checkout/OrderProgress";
import { PaymentForm } from "../components/checkout/PaymentForm";
import type { Route } from "./+types/checkout";
import "../styles/checkout.css";

export { action, loader } from "./checkout.server";

export function meta() {
  return [{ title: "Checkout · Creator Platform" }];
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { cart, payments } = loaderData;
  const [paying, setPaying] = useState(false);
  const [orderId, setOrderId] = useState<string | null>(null);
  const payable = cart.items.length > 0 && cart.items.every((item) => !item.unavailable);
  return (
    <section className="card checkout">
      <h1>Checkout</h1>
      <h2>Your cart</h2>
      <CartTable cart={cart} />
      {orderId ? (
        <OrderProgress orderId={orderId} />
      ) : paying && payable ? (
        <PaymentForm payments={payments} totalCents={cart.totalCents} onPaid={setOrderId} />
      ) : (
        payable && (
          <button type="button" className="button" onClick={() => setPaying(true)}>
            Proceed to Payment
          </button>
        )
      )}
    </section>
  );
}
