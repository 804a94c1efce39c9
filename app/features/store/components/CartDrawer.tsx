// The cart drawer (issue 45 item 4): opens on the store pages when something is added — an in-page
// dialog (Radix Dialog: focus kept inside, Escape and the close button shut it, focus goes back) with
// the seed's 'Product added to cart.', the cart's items and total, and the way to checkout. Loaded on
// first use (storefront's LazyCartDrawer), so the store's first load does not carry it. A beat with
// several licences opens it on a licence chooser first (like BeatStars); its 'Add to Cart' adds the
// chosen tier, and the drawer turns to the cart.
import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Button, buttonClass } from "../../../components/ui/Button";
import { Outcome } from "../../../components/ui/Outcome";
import { overlayClass } from "../../../components/ui/overlay";
import { formatMoney } from "../../../kernel/format";
import { LICENCE_NAMES } from "../../../kernel/licences";
import { CART_EMPTY } from "../../../kernel/schemas/checkout-messages";
import { api, call } from "../../../lib/api-client";
import styles from "./CartDrawer.module.css";
import { TierPicker, tierOptions } from "./TierPicker";
import type { LicenceChoice } from "./useAddToCart";

type Cart = Awaited<ReturnType<typeof loadCart>>;

function loadCart() {
  return call(api.cart.$get({ query: {} }));
}

export default function CartDrawer({
  open,
  onClose,
  message,
  reload,
  checkoutPath,
  returnFocus,
  choice,
  onAdd,
  adding,
  failure,
}: {
  open: boolean;
  onClose: () => void;
  /** The seed's 'Product added to cart.' */
  message: string | null;
  /** Changes with every add, so the list is read again. */
  reload: number;
  checkoutPath: string;
  /** The 'Add to Cart' that opened the drawer (it was busy, so not focusable, when the drawer mounted). */
  returnFocus: { current: HTMLElement | null };
  /** A licence to choose before anything is added. */
  choice: LicenceChoice | null;
  onAdd: (productId: string, tierId: string | null) => void;
  adding: boolean;
  /** Why the chosen licence was not added. */
  failure: string | null;
}) {
  const [cart, setCart] = useState<Cart | null>(null);
  const [failed, setFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` changes with every add: the cart is read again.
  useEffect(() => {
    if (!open || choice) return;
    let live = true;
    setFailed(false);
    loadCart().then(
      (answer) => live && setCart(answer),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [open, reload, choice]);
  const items = cart?.items ?? [];
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content
          className={styles.drawer}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (!returnFocus.current?.isConnected) return;
            event.preventDefault();
            returnFocus.current.focus();
          }}
        >
          {choice ? (
            <Chooser choice={choice} onAdd={onAdd} adding={adding} failure={failure} />
          ) : (
            <Panel
              title="Your cart"
              closeLabel="Close the cart"
              actions={
                <>
                  <Link to={checkoutPath} className={buttonClass("primary")}>
                    Checkout
                  </Link>
                  <Dialog.Close asChild>
                    <Button>Keep browsing</Button>
                  </Dialog.Close>
                </>
              }
            >
              <p role="status" className={styles.added}>
                {message}
              </p>
              {failed && <p className={styles.muted}>The cart could not be loaded; it is on the checkout page.</p>}
              {!cart && !failed && <p className={styles.muted}>Loading the cart…</p>}
              {cart && items.length === 0 && <p className={styles.muted}>{CART_EMPTY}</p>}
              {items.length > 0 && (
                <ul className={styles.items}>
                  {items.map((item) => (
                    <li key={item.productId} className={styles.item}>
                      <span className={styles.itemText}>
                        <span className={styles.itemTitle}>{item.title}</span>
                        <span className={styles.muted}>
                          {item.tierName ?? LICENCE_NAMES[item.licenseType]} · {item.sellerUsername}
                        </span>
                        {item.unavailable && <span className={styles.warning}>{item.unavailable}</span>}
                      </span>
                      <span className={styles.itemPrice}>{formatMoney(item.priceCents)}</span>
                    </li>
                  ))}
                </ul>
              )}
              {cart && items.length > 0 && (
                <p className={styles.total}>
                  <span>Total</span>
                  <span>{formatMoney(cart.totalCents)}</span>
                </p>
              )}
            </Panel>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Chooser({
  choice,
  onAdd,
  adding,
  failure,
}: {
  choice: LicenceChoice;
  onAdd: (productId: string, tierId: string | null) => void;
  adding: boolean;
  failure: string | null;
}) {
  const { product } = choice;
  const options = tierOptions(product, choice.producer);
  // The cheapest is chosen to begin with: the row's 'from' price.
  const [tierId, setTierId] = useState<string | null>(options[0]?.id ?? null);
  return (
    <Panel
      title={product.title}
      closeLabel="Close"
      actions={
        <>
          <Button variant="primary" busy={adding} busyLabel="Adding..." onClick={() => onAdd(product.id, tierId)}>
            Add to Cart
          </Button>
          <Dialog.Close asChild>
            <Button>Cancel</Button>
          </Dialog.Close>
        </>
      }
    >
      <TierPicker options={options} chosen={tierId} onChoose={setTierId} free={product.licenseType === "free"} />
      <Outcome message={failure ? { ok: false, text: failure } : null} className={styles.warning} />
    </Panel>
  );
}

/** The drawer's one shape: its title with the close button, what it shows, then its actions. */
function Panel({
  title,
  closeLabel,
  actions,
  children,
}: {
  title: string;
  closeLabel: string;
  actions: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <>
      <div className={styles.head}>
        <Dialog.Title className={styles.title}>{title}</Dialog.Title>
        <Dialog.Close asChild>
          <Button variant="ghost" aria-label={closeLabel}>
            <span aria-hidden="true">✕</span>
          </Button>
        </Dialog.Close>
      </div>
      {children}
      <div className={styles.actions}>{actions}</div>
    </>
  );
}
