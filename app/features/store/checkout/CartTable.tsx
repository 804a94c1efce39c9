// The cart's items (seed 001 §3: title, seller's user name, licence, price),
// each removable, and the total of what can be bought, with 2 decimals.
import { Form, useNavigation } from "react-router";
import type { CartView } from "../../../../worker/domain/orders/cart";
import { formatMoney } from "../../../kernel/format";
import { LICENCE_NAMES } from "../../../kernel/licences";
import { CART_EMPTY } from "../../../kernel/schemas/checkout-messages";
import { ItemCells, ItemHeaderCells } from "./ItemColumns";

export function CartTable({ cart }: { cart: CartView }) {
  const navigation = useNavigation();
  const removing = navigation.formData?.get("intent") === "remove" ? navigation.formData.get("productId") : null;
  if (cart.items.length === 0) return <p className="empty-state">{CART_EMPTY}</p>;
  return (
    <div className="table-scroll">
      <table className="cart">
        <caption className="visually-hidden">Your cart</caption>
        <thead>
          <tr>
            <ItemHeaderCells />
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {cart.items.map((item) => (
            <tr key={item.productId}>
              <ItemCells
                title={item.title}
                note={item.unavailable && <div className="error">{item.unavailable}</div>}
                seller={item.sellerUsername}
                licence={item.tierName ?? LICENCE_NAMES[item.licenseType]}
              />
              <td>
                {formatMoney(item.priceCents)}
                {"discountCents" in item && Number(item.discountCents) > 0 && (
                  <div className="muted">−{formatMoney(Number(item.discountCents))}</div>
                )}
              </td>
              <td>
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
            <th scope="row" colSpan={3}>
              Total
            </th>
            <td colSpan={2}>
              <strong data-testid="cart-total">{formatMoney(cart.totalCents)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
