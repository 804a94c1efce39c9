// 'Add to Cart' on the store pages (seed 001 §8): a visitor is sent to sign in and comes back; the
// answer is the seed's 'Product added to cart.' (in the cart drawer, which opens on every add) or
// 'Failed to add product to cart.' with the server's reason, shown beside the button that was pressed;
// a beat in the cart already, or bought already, is no failure: 'In your cart' / 'You own this'.
// The loaders run again after an addition, so the public bar's Checkout link (shown only when the cart
// holds something, ADR 117) appears with its count.
import { useRef, useState } from "react";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import type { ProductView } from "../../../../worker/domain/store/views";
import { ADD_TO_CART_ERROR, ADD_TO_CART_FAILED, ADDED_TO_CART } from "../../../kernel/schemas/checkout-messages";
import { ApiError, api, call } from "../../../lib/api-client";

/** A beat with several licences, chosen from the store's row: the drawer asks which one first. */
export interface LicenceChoice {
  product: Pick<ProductView, "id" | "title" | "licenseType" | "priceCents" | "tiers" | "files">;
  /** The seller's username, named in a tier's terms. */
  producer: string;
}

export interface CartNotice {
  productId: string;
  text: string;
  ok: boolean;
  /** The server's answer: added (or its licence switched), in the cart already, or owned already. */
  state?: "added" | "switched" | "in_cart" | "owned";
}

export function useAddToCart(signedIn: boolean, viewerId: string | null = null) {
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<CartNotice | null>(null);
  const [adding, setAdding] = useState<string | null>(null);
  /** The cart drawer: opened by a successful add; `added` counts adds so it reloads each time. */
  const [drawer, setDrawer] = useState(false);
  const [added, setAdded] = useState(0);
  const [choice, setChoice] = useState<LicenceChoice | null>(null);
  /** The button that was pressed: the drawer gives focus back to it when it closes. */
  const pressed = useRef<HTMLElement | null>(null);
  /** Its beat: once added, the button gives way to 'In your cart', whose link then takes the focus. */
  const pressedFor = useRef<string | null>(null);

  /** `tierId`: the licence tier chosen on the product's page (none: the product's own licence). */
  async function add(productId: string, tierId: string | null = null) {
    // A visitor's add goes along to sign-in as a pending add (ids only), made on the server once they
    // are signed in (worker/domain/orders/pending-add.ts), landing them on the cart.
    const signIn = () =>
      navigate(
        `/signin?${new URLSearchParams({ from: location.pathname, add: productId, ...(tierId ? { tier: tierId } : {}) })}`,
      );
    if (!signedIn) return signIn();
    if (!choice) pressed.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    pressedFor.current = productId;
    setAdding(productId);
    try {
      const answer = await call(api.cart.items.$post({ json: { productId, ...(tierId ? { tierId } : {}) } }), "");
      setChoice(null);
      void revalidator.revalidate();
      // In the cart already or bought before: said beside the button (not an error), no drawer.
      if (answer.state === "in_cart" || answer.state === "owned") {
        setDrawer(false);
        return setNotice({ productId, text: answer.message, ok: true, state: answer.state });
      }
      setNotice({ productId, text: ADDED_TO_CART, ok: true, state: answer.state });
      setAdded((n) => n + 1);
      setDrawer(true);
    } catch (error) {
      // A refusal says why after the seed's message; a lost connection is the seed's other message.
      if (!(error instanceof ApiError) || error.status === 0)
        return setNotice({ productId, text: ADD_TO_CART_ERROR, ok: false });
      if (error.status === 401) return signIn();
      const text = error.message ? `${ADD_TO_CART_FAILED} ${error.message}` : ADD_TO_CART_FAILED;
      setNotice({ productId, text, ok: false });
    } finally {
      setAdding(null);
    }
  }

  /** Opens the drawer on the licence chooser; its 'Add to Cart' adds the chosen tier. */
  function choose(next: LicenceChoice) {
    pressed.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    pressedFor.current = next.product.id;
    setChoice(next);
    setDrawer(true);
  }

  const checkoutPath = viewerId ? `/checkOut/${encodeURIComponent(viewerId)}` : null;
  return {
    add,
    adding,
    notice,
    drawer,
    added,
    choice,
    choose,
    checkoutPath,
    closeDrawer: () => {
      // The pressed button may have given way to the row's 'In your cart · View cart'.
      if (!pressed.current?.isConnected && pressedFor.current)
        pressed.current = document.querySelector<HTMLElement>(`[data-cart-focus="${CSS.escape(pressedFor.current)}"]`);
      setDrawer(false);
      setChoice(null);
    },
    pressed,
  };
}
