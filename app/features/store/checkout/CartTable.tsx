// The cart's items (seed 001 §3: title, seller's user name, licence, price), each with its cover and
// removable. One row per beat, as Shopify's cart: the cover, then title, licence and seller stacked,
// the price, Remove. The total (seed 001 §3, with 2 decimals) is the order summary's, beside it.
import { Form, useNavigation, useSubmit } from "react-router";
import type { CartLicence } from "../../../../worker/domain/orders/cart";
import { Button, Outcome, Select } from "../../../components/ui";
import { formatMoney } from "../../../kernel/format";
import { CART_EMPTY } from "../../../kernel/schemas/checkout-messages";
import { ItemCover } from "./ItemCover";
import { licenceName, type SummaryItem } from "./OrderSummary";

export function CartTable({
  cart,
  licences = {},
  licenceError = null,
}: {
  cart: { items: SummaryItem[] };
  /** A beat's licences in rising price, where it has several: its row switches between them. */
  licences?: Record<string, CartLicence[]>;
  licenceError?: { productId: string; message: string } | null;
}) {
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
                  {licences[item.productId] ? (
                    <LicenceSwitch item={item} options={licences[item.productId]!} />
                  ) : (
                    <span className="muted">{licenceName(item)}</span>
                  )}
                  <span className="muted">by {item.sellerUsername}</span>
                  {licenceError?.productId === item.productId && (
                    <Outcome message={{ ok: false, text: licenceError.message }} />
                  )}
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

/**
 * The row's licence as a choice of the beat's licences (name and price, rising): choosing one switches
 * the cart's tier on the server, which prices it from D1. Without the page's script, 'Change' sends it.
 */
function LicenceSwitch({ item, options }: { item: SummaryItem & { tierId?: string | null }; options: CartLicence[] }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const id = `licence-${item.productId}`;
  const switching =
    navigation.formData?.get("intent") === "licence" && navigation.formData.get("productId") === item.productId;
  return (
    <Form method="post" className="cart-licence" onChange={(event) => submit(event.currentTarget)}>
      <input type="hidden" name="intent" value="licence" />
      <input type="hidden" name="productId" value={item.productId} />
      <label htmlFor={id} className="visually-hidden">
        Licence for {item.title}
      </label>
      <Select
        id={id}
        name="tierId"
        key={item.tierId ?? ""}
        defaultValue={item.tierId ?? ""}
        disabled={switching}
        options={options.map((option) => ({
          value: option.id ?? "",
          label: `${option.name} · ${formatMoney(option.priceCents)}`,
        }))}
      />
      <noscript>
        <Button type="submit" size="sm">
          Change<span className="visually-hidden"> the licence for {item.title}</span>
        </Button>
      </noscript>
    </Form>
  );
}
