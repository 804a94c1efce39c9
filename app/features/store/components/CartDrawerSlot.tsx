// Where a store page puts its cart drawer: nothing until the first successful add, then the drawer's
// own chunk (Radix Dialog) loads and stays mounted, so closing it returns focus properly.
import { lazy, Suspense, useEffect, useState } from "react";
import type { useAddToCart } from "./useAddToCart";

const CartDrawer = import.meta.env.SSR ? () => null : lazy(() => import("./CartDrawer"));

export function CartDrawerSlot({ cart, viewerId }: { cart: ReturnType<typeof useAddToCart>; viewerId: string | null }) {
  const [used, setUsed] = useState(false);
  useEffect(() => {
    if (cart.drawer) setUsed(true);
  }, [cart.drawer]);
  // A visitor sees the licence chooser too; its 'Add to Cart' takes them to sign in.
  if (!used || (!viewerId && !cart.choice)) return null;
  return (
    <Suspense fallback={null}>
      <CartDrawer
        open={cart.drawer}
        onClose={cart.closeDrawer}
        message={cart.notice?.ok ? cart.notice.text : null}
        reload={cart.added}
        checkoutPath={cart.checkoutPath ?? "/signin"}
        returnFocus={cart.pressed}
        choice={cart.choice}
        onAdd={(productId, tierId) => void cart.add(productId, tierId)}
        adding={cart.adding !== null}
        failure={
          cart.choice && cart.notice?.productId === cart.choice.product.id && !cart.notice.ok ? cart.notice.text : null
        }
      />
    </Suspense>
  );
}
