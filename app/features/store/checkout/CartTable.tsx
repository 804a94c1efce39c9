// The cart's items (seed 001 §3: title, seller's user name, licence, price), each with its cover and
// removable. One row per beat, as Shopify's cart: the cover, then title, licence and seller stacked,
// the price, Remove. The total (seed 001 §3, with 2 decimals) is the order summary's, beside it.
import { Form, useNavigation } from "react-router";
import { formatMoney } from "../../../kernel/format";
import { CART_EMPTY } from "../../../kernel/schemas/checkout-messages";
import { ItemCover } from "./ItemCover";
import { licenceName, type SummaryItem } from "./OrderSummary";

export function CartTable({ cart }: { cart: { items: SummaryItem[] } }) {
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
    </table>
  );
}
