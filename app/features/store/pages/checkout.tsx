// Cart and payment (seed 001 screen 4): the cart beside an order summary whose
// primary 'Proceed to Payment' reveals the card form ('Pay $…'), then the
// thank-you once the webhook has paid the order. The thank-you then leads the
// page and the reloaded, empty cart (the seed's 'Your cart is empty.') follows
// it, so the page reads in the order things happened. The card form runs in the browser: until the
// page's script runs 'Proceed to Payment' is disabled, and without JavaScript a <noscript> line says
// that paying by card needs it (never a button that does nothing).
import { useState } from "react";
import { Form } from "react-router";
import { formatMoney } from "../../../kernel/format";
import { PAYMENT_NEEDS_SCRIPT } from "../../../kernel/schemas/checkout-messages";
import { useHydrated } from "../../../lib/hydration";
import { CartTable } from "../checkout/CartTable";
import { OrderProgress } from "../checkout/OrderProgress";
import { PaymentForm } from "../checkout/PaymentForm";
import type { Route } from "./+types/checkout";
import "../checkout.css";

export { action, loader } from "./checkout.server";

export function meta() {
  return [{ title: "Checkout · Creator Platform" }];
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, payments, typedCode, codeError } = loaderData;
  const [paying, setPaying] = useState(false);
  const [orderId, setOrderId] = useState<string | null>(null);
  const hydrated = useHydrated();
  const payable = cart.items.length > 0 && cart.items.every((item) => !item.unavailable);
  const scriptless = actionData && "error" in actionData ? actionData.error.message : null;
  if (orderId)
    return (
      <section className="card checkout">
        <h1>Checkout</h1>
        <OrderProgress orderId={orderId} />
        <h2>Your cart</h2>
        <CartTable cart={cart} />
      </section>
    );
  return (
    <section className="card checkout">
      <h1>Checkout</h1>
      {scriptless && (
        <p className="error" role="alert">
          {scriptless}
        </p>
      )}
      <div className="checkout-layout">
        <div className="checkout-cart">
          <h2>Your cart</h2>
          <CartTable cart={cart} />
        </div>
        {cart.items.length > 0 && (
          <aside className="order-summary" aria-labelledby="order-summary-heading">
            <h2 id="order-summary-heading">Order summary</h2>
            <dl>
              <div>
                <dt>Items</dt>
                <dd>{new Intl.NumberFormat("en-US").format(cart.items.length)}</dd>
              </div>
              {cart.discountCents > 0 && (
                <>
                  <div>
                    <dt>Subtotal</dt>
                    <dd>{formatMoney(cart.subtotalCents)}</dd>
                  </div>
                  <div>
                    <dt>Discount ({cart.discountCode})</dt>
                    <dd data-testid="discount">−{formatMoney(cart.discountCents)}</dd>
                  </div>
                </>
              )}
              <div className="order-total">
                <dt>Total</dt>
                <dd>{formatMoney(cart.totalCents)}</dd>
              </div>
            </dl>
            <DiscountForm typed={typedCode} error={codeError} applied={cart.discountCode} />
            {paying && payable ? (
              <PaymentForm
                payments={payments}
                totalCents={cart.totalCents}
                productIds={cart.items.map((item) => item.productId)}
                discountCode={cart.discountCode}
                onPaid={setOrderId}
              />
            ) : (
              payable && (
                <>
                  <noscript>
                    <p id="payment-needs-script" className="error">
                      {PAYMENT_NEEDS_SCRIPT}
                    </p>
                  </noscript>
                  <button
                    type="button"
                    className="button primary pay-button"
                    disabled={!hydrated}
                    aria-describedby={hydrated ? undefined : "payment-needs-script"}
                    onClick={() => setPaying(true)}
                  >
                    Proceed to Payment
                  </button>
                </>
              )
            )}
          </aside>
        )}
      </div>
    </section>
  );
}

/** 'Apply' a discount code: a GET form, so the priced summary is the page at its own URL. */
function DiscountForm({ typed, error, applied }: { typed: string; error: string | null; applied: string | null }) {
  return (
    <Form method="get" className="discount-form">
      <label htmlFor="discount-code">Discount code</label>
      <div className="discount-row">
        <input
          id="discount-code"
          name="discountCode"
          defaultValue={typed}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "discount-error" : applied ? "discount-applied" : undefined}
        />
        <button type="submit" className="button">
          Apply
        </button>
      </div>
      {error && (
        <p id="discount-error" className="error" role="alert">
          {error}
        </p>
      )}
      {applied && !error && (
        <p id="discount-applied" role="status">
          Code {applied} applied.
        </p>
      )}
    </Form>
  );
}
