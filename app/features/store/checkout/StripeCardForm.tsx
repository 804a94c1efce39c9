// Production card fields: Stripe's Card Element. Loaded only when a card form is shown
// (`WithCard` in CardProvider.tsx), and `@stripe/stripe-js/pure` loads Stripe's script only then too (ADR 051).
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useEffect, useMemo } from "react";
import { CardFrame } from "./CardFrame";
import type { ConfirmOutcome } from "./client";

export type ConfirmCard = (clientSecret: string, nameOnCard: string) => Promise<ConfirmOutcome>;

export interface StripeCardProps {
  publishableKey: string;
  /** How to confirm a payment with the card, once Stripe.js is ready (null until then). */
  onReady: (confirm: ConfirmCard | null) => void;
}

/**
 * The card field in its own Stripe Elements. The form around it stays outside, so what the buyer
 * typed is kept while Stripe loads; the card is found through these Elements when confirming.
 */
export default function StripeCardField({ publishableKey, onReady }: StripeCardProps) {
  const stripe = useMemo<Promise<Stripe | null>>(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe}>
      <CardFrame>
        <CardElement options={{ hidePostalCode: true }} />
      </CardFrame>
      <ReportConfirm onReady={onReady} />
    </Elements>
  );
}

/** Confirms with Stripe.js; its error (the provider's message) is returned as-is. */
function ReportConfirm({ onReady }: Pick<StripeCardProps, "onReady">) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return onReady(null);
    onReady(async (clientSecret, nameOnCard) => {
      const card = elements.getElement(CardElement);
      if (!card) return { error: {} };
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: nameOnCard } },
      });
      return result.error ? { error: { message: result.error.message } } : {};
    });
  }, [stripe, elements, onReady]);
  return null;
}
