// 'Proceed to Payment' reveals this form (seed 001 §4): a required name on
// the card and the card itself — Stripe's Card Element in production, the
// test provider's fields locally. Submitting makes the order on the server
// (amounts from the database) and confirms the card; the webhook, not this
// page, fulfils the order.

import { useState } from "react";
import { formatMoney } from "../../../kernel/format";
import { CARD_NEEDS_SCRIPT, PAYMENT_ERROR, PAYMENT_INIT_FAILED } from "../../../kernel/schemas/checkout-messages";
import { ApiError } from "../../../lib/api-client";
import { checkoutSchemas } from "../../../lib/form-schemas";
import { useHydrated } from "../../../lib/hydration";
import { type Card, type PaymentsConfig, WithCard } from "./CardProvider";
import { paymentErrorMessage, startCheckout } from "./client";

interface Props {
  payments: PaymentsConfig;
  totalCents: number;
  /** The cart as the buyer sees it: the server names a product that left it meanwhile. */
  productIds: string[];
  /** The discount code the summary applied (ADR 044); the server prices and redeems it again. */
  discountCode?: string | null;
  onPaid: (orderId: string) => void;
}

export function PaymentForm({ payments, totalCents, productIds, discountCode, onPaid }: Props) {
  return (
    <WithCard payments={payments} unavailable={PAYMENT_INIT_FAILED}>
      {(card) => (
        <CardForm
          {...card}
          totalCents={totalCents}
          productIds={productIds}
          discountCode={discountCode}
          onPaid={onPaid}
        />
      )}
    </WithCard>
  );
}

interface CardFormProps extends Card {
  totalCents: number;
  productIds: string[];
  discountCode?: string | null;
  onPaid: (orderId: string) => void;
}

function CardForm({ banner, fields, check, confirm, totalCents, productIds, discountCode, onPaid }: CardFormProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hydrated = useHydrated();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !confirm) return;
    const form = new FormData(event.currentTarget);
    setBusy(true);
    let problem: string | null;
    try {
      // The schema, and zod with it, loads when the form is first submitted, not with the page (ADR 051).
      const { nameOnCardSchema } = await checkoutSchemas();
      const name = nameOnCardSchema.safeParse(form.get("nameOnCard") ?? "");
      problem = name.success ? ((await check?.(form)) ?? null) : (name.error.issues[0]?.message ?? PAYMENT_ERROR);
    } catch {
      problem = PAYMENT_ERROR;
    }
    if (problem) {
      setError(problem);
      setBusy(false);
      return;
    }
    setError(null);
    try {
      const started = await startCheckout(productIds, discountCode);
      if (started.clientSecret) {
        const outcome = await confirm(started.clientSecret, form);
        if (outcome.error) {
          setError(paymentErrorMessage(outcome));
          return;
        }
      }
      onPaid(started.orderId);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : PAYMENT_ERROR);
    } finally {
      setBusy(false);
    }
  }

  return (
    // POST to the route's action, never GET: card fields must not reach a URL. Pay stays disabled until
    // the script runs, and the action refuses a scriptless post (ADR 037).
    <form method="post" className="form payment-form" onSubmit={submit} noValidate>
      <input type="hidden" name="intent" value="pay" />
      {banner}
      <noscript>
        <p className="error">{CARD_NEEDS_SCRIPT}</p>
      </noscript>
      {fields}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button primary pay-button" disabled={busy || !confirm || !hydrated}>
        {busy ? "Processing..." : `Pay ${formatMoney(totalCents)}`}
      </button>
    </form>
  );
}
