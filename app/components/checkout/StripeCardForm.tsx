// Production card fields: Stripe's Card Element. `@stripe/stripe-js/pure`
// loads Stripe's script only when this form is shown, never at import time.
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { type ReactNode, useMemo } from "react";
import type { ConfirmOutcome } from "./client";

export type ConfirmCard = (clientSecret: string, nameOnCard: string) => Promise<ConfirmOutcome>;

export function StripeElements({ publishableKey, children }: { publishableKey: string; children: ReactNode }) {
  const stripe = useMemo<Promise<Stripe | null>>(() => loadStripe(publishableKey), [publishableKey]);
  return <Elements stripe={stripe}>{children}</Elements>;
}

export function StripeCardField() {
  return (
    <div className="card-fields">
      <span>Card</span>
      <div className="stripe-card">
        <CardElement options={{ hidePostalCode: true }} />
      </div>
    </div>
  );
}

/** Confirms with Stripe.js; its error (the provider's message) is returned as-is. */
export function useStripeConfirm(): ConfirmCard | null {
  const stripe = useStripe();
  const elements = useElements();
  if (!stripe || !elements) return null;
  return async (clientSecret, nameOnCard) => {
    const card = elements.getElement(CardElement);
    if (!card) return { error: {} };
    const result = await stripe.confirmCardPayment(clientSecret, {
      payment_method: { card, billing_details: { name: nameOnCard } },
    });
    return result.error ? { error: { message: result.error.message } } : {};
  };
}
