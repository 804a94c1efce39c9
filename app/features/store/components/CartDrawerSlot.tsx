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
  if (!used || !viewerId) return null;
  return (
    <Suspense fallback={null}>
      <CartDrawer
        open={cart.drawer}
        onClose={cart.closeDrawer}
        message={cart.notice?.ok ? cart.notice.text : null}
        reload={cart.added}
        checkoutPath={`/checkOut/${encodeURIComponent(viewerId)}`}
        returnFocus={cart.pressed}
      />
    </Suspense>
  );
}
