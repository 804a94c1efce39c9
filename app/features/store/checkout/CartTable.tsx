// The cart's items (seed 001 §3: title, seller's user name, licence, price), each with its cover and
// removable, and the total of what can be bought, with 2 decimals. One row per beat, as Shopify's
// cart: the cover, then title, licence and seller stacked, the price, Remove.
import { Form, useNavigation } from "react-router";
import { formatMoney } from "../../../kernel/format";
import { CART_EMPTY } from "../../../kernel/schemas/checkout-messages";
import { ItemCover } from "./ItemCover";
import { licenceName, type SummaryItem } from "./OrderSummary";

export function CartTable({ cart }: { cart: { items: SummaryItem[]; totalCents: number } }) {
  const navigation = useNavigation();
  const removing = navigation.formData?.get("intent") === "remove" ? navigation.formData.get("productId") : null;
  if (cart.items.length === 0) return <p className="empty-state">{CART_EMPTY}</p>;
  return (
    <table className="cart">
      <caption className="visually-hidden">Your cart</caption>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Price</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {cart.items.map((item) => (
          <tr key={item.productId}>
            <td className="cart-product-cell">
              <div className="cart-product">
                <ItemCover title={item.title} url={item.coverUrl} />
                <div className="cart-product-text">
                  <span className="cart-title">{item.title}</span>
                  <span className="muted">
                    {licenceName(item)} · by {item.sellerUsername}
                  </span>
                  {item.unavailable && <span className="error">{item.unavailable}</span>}
                </div>
              </div>
            </td>
            <td className="cart-price">
              {formatMoney(item.priceCents)}
              {Number(item.discountCents ?? 0) > 0 && (
                <div className="muted">−{formatMoney(Number(item.discountCents))}</div>
              )}
            </td>
            <td className="cart-remove">
              <Form method="post">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="productId" value={item.productId} />
                <button type="submit" className="link-button" disabled={removing === item.productId}>
                  {removing === item.productId ? (
                    "Removing..."
                  ) : (
                    <>
                      Remove<span className="visually-hidden"> {item.title}</span>
                    </>
                  )}
                </button>
              </Form>
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          <td colSpan={2}>
            <strong data-testid="cart-total">{formatMoney(cart.totalCents)}</strong>
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
