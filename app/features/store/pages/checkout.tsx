// Cart and payment (seed 001 screen 4), laid out as Stripe Checkout and Shopify (issue 45 item 5).
// Three states, each at its own address (checkout.server.ts):
// - the cart: the items with their covers, and a summary with the discount code, the total and
//   'Proceed to Payment' — a link to the paying state, so it works before (and without) the script;
// - paying (`?step=pay`): the card form at full width on the left, the order summary on the right
//   (covers, licences, discount, total); on a phone one column with the summary closed on top;
// - the thank-you (`?order=<id>`): once the webhook has paid the order, the seed's message, the
//   receipt, every item with its files and licence, the zip (the reloaded cart is empty: no line).
import { Form, Link, useLocation, useNavigate } from "react-router";
import { buttonClass, Outcome } from "../../../components/ui";
import { PAYMENT_NEEDS_SCRIPT } from "../../../kernel/schemas/checkout-messages";
import { useHydrated } from "../../../lib/hydration";
import type { FocusedHandle } from "../../../lib/navigation";
import { CartTable } from "../checkout/CartTable";
import { OrderProgress } from "../checkout/OrderProgress";
import { OrderSummary, SummaryTotals } from "../checkout/OrderSummary";
import { PaymentForm } from "../checkout/PaymentForm";
import type { Route } from "./+types/checkout";
import "../checkout.css";

export { action, loader } from "./checkout.server";

type CheckoutData = Route.ComponentProps["loaderData"];

const payable = (cart: CheckoutData["cart"]) => cart.items.length > 0 && cart.items.every((item) => !item.unavailable);

// The payment step wears the focused chrome (Stripe Checkout): the logo, the form and the summary,
// nothing to click away to but 'Back to cart'.
export const handle = {
  focused: (data) => {
    const loaded = data as CheckoutData | undefined;
    return !!loaded?.paying && payable(loaded.cart);
  },
} satisfies FocusedHandle;

export function meta() {
  return [{ title: "Checkout · Creator Platform" }];
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, payments, typedCode, codeError, order, added, licences } = loaderData;
  const navigate = useNavigate();
  const location = useLocation();
  const hydrated = useHydrated();
  const scriptless = actionData && "error" in actionData ? actionData.error.message : null;
  const orderId = new URLSearchParams(location.search).get("order");

  if (orderId)
    return (
      <section className="checkout checkout-done">
        {/* One heading: OrderProgress's ('Confirming your payment…', then the thank-you). */}
        {order ? (
          <OrderProgress key={orderId} orderId={orderId} initial={order} />
        ) : (
          <>
            <h1>Checkout</h1>
            <p className="empty-state">Order not found.</p>
          </>
        )}
        {/* The cart, reloaded after the payment (seed 001 §3), is empty: nothing to say under the receipt.
            Something added meanwhile is one quiet line. */}
        {cart.items.length > 0 && (
          <p className="muted cart-after">
            <Link to="?">
              Your cart: {cart.items.length} {cart.items.length === 1 ? "item" : "items"}
            </Link>
          </p>
        )}
      </section>
    );

  if (loaderData.paying && payable(cart))
    return (
      <section className="checkout checkout-paying">
        <h1 className="visually-hidden">Checkout</h1>
        <div className="pay-layout">
          <OrderSummary cart={cart} />
          <div className="pay-main">
            <Link to={backToCart(typedCode)} className="back-link">
              ← Back to cart
            </Link>
            <h2 className="pay-heading">Pay with card</h2>
            {scriptless && <Outcome message={{ ok: false, text: scriptless }} />}
            <PaymentForm
              payments={payments}
              totalCents={cart.totalCents}
              productIds={cart.items.map((item) => item.productId)}
              discountCode={cart.discountCode}
              onPaid={(id) => navigate({ search: `?order=${encodeURIComponent(id)}` })}
            />
          </div>
        </div>
      </section>
    );

  return (
    <section className="checkout">
      <h1>Checkout</h1>
      {scriptless && <Outcome message={{ ok: false, text: scriptless }} />}
      {added && <Outcome className="added-notice" message={added} />}
      <div className="checkout-layout">
        <div className="checkout-cart">
          <h2>Your cart</h2>
          <CartTable
            cart={cart}
            licences={licences}
            licenceError={actionData && "licenceError" in actionData ? actionData.licenceError : null}
          />
        </div>
        {cart.items.length > 0 && (
          <aside className="order-summary" aria-labelledby="order-summary-heading">
            <h2 id="order-summary-heading">Order summary</h2>
            <p className="muted summary-count">
              {new Intl.NumberFormat("en-US").format(cart.items.length)} {cart.items.length === 1 ? "item" : "items"}
            </p>
            <DiscountForm typed={typedCode} error={codeError} applied={cart.discountCode} />
            <SummaryTotals cart={cart} testIds="cart" />
            {payable(cart) && (
              <>
                {/* The link works without the script; the card form it leads to needs it (issue 44.7). By
                    id: Playwright's queries skip <noscript> (microsoft/playwright#15887). */}
                <noscript>
                  <p id="payment-needs-script" className="error">
                    {PAYMENT_NEEDS_SCRIPT}
                  </p>
                </noscript>
                <Link
                  to={`?${new URLSearchParams({ step: "pay", ...(cart.discountCode ? { discountCode: cart.discountCode } : {}) })}`}
                  className={buttonClass("primary", "md", "pay-button")}
                  aria-describedby={hydrated ? undefined : "payment-needs-script"}
                >
                  Proceed to Payment
                </Link>
              </>
            )}
            <p className="muted secure-note">
              You pay by card on the next step; your files and licences are ready as soon as the payment is confirmed.
            </p>
          </aside>
        )}
      </div>
    </section>
  );
}

function backToCart(code: string) {
  return code ? `?${new URLSearchParams({ discountCode: code })}` : "?";
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
