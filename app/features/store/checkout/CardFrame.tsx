// The frame of Stripe's card field, shared by the field and its stand-in while Stripe's code loads,
// so nothing moves when it arrives.
import type { ReactNode } from "react";

export function CardFrame({ children }: { children?: ReactNode }) {
  return (
    <div className="card-fields">
      <span>Card</span>
      <div className="stripe-card">{children}</div>
    </div>
  );
}
