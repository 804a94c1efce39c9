// The card half of every payment form (checkout's PaymentForm, the fundraiser's DonationForm): the
// provider's card fields and how a card is confirmed once the server has made the payment. Locally
// the test provider's fields (and its banner); in production Stripe's Card Element, inside its
// Elements. The forms differ only in what they ask for and which server call starts the payment.
//
// Stripe's card code (@stripe/react-stripe-js) loads when a card form is shown, not with the page
// (ADR 051); the test card's schema loads when a card is first checked.
import { lazy, type ReactNode, Suspense, useCallback, useState } from "react";
import { CardFrame } from "./CardFrame";
import type { ConfirmOutcome } from "./client";
import type { ConfirmCard } from "./StripeCardForm";
import { confirmTestCard, readTestCard, TestCardFields, TestModeBanner } from "./TestCardFields";

/** Which provider the server pays through (the loader says), and Stripe's publishable key. */
export interface PaymentsConfig {
  provider: "stripe" | "test";
  publishableKey: string | null;
}

export type Confirm = (clientSecret: string, form: FormData) => Promise<ConfirmOutcome>;

export interface Card {
  banner?: ReactNode;
  /** The name on the card (checked by `nameOnCardSchema` on submit) and the provider's card fields. */
  fields: ReactNode;
  /** What is wrong with the typed card before anything is sent, or null. */
  check?: (form: FormData) => Promise<string | null>;
  /** null while the provider's script is still loading. */
  confirm: Confirm | null;
}

const testCard: Card = {
  banner: <TestModeBanner />,
  fields: <CardFields card={<TestCardFields />} />,
  check: async (form) => {
    const typed = await readTestCard(form);
    return "error" in typed ? typed.error : null;
  },
  confirm: confirmTestCard,
};

// On the server, the markup Stripe's field has before its script mounts it (an empty div in the frame),
// so the page hydrates as it was sent and the Worker's bundle is not split for the field.
const StripeCardField = import.meta.env.SSR
  ? () => (
      <CardFrame>
        <div />
      </CardFrame>
    )
  : lazy(() => import("./StripeCardForm"));

/** Renders the form `children` makes with the configured provider's card; `unavailable` when it has no key. */
export function WithCard({
  payments,
  unavailable,
  children,
}: {
  payments: PaymentsConfig;
  unavailable: string;
  children: (card: Card) => ReactNode;
}) {
  if (payments.provider === "test") return children(testCard);
  if (!payments.publishableKey) return <p role="alert">{unavailable}</p>;
  return <StripeCard publishableKey={payments.publishableKey}>{children}</StripeCard>;
}

/**
 * The form stays outside Stripe's lazy field, so what the buyer typed is kept while it loads; until
 * then an empty frame of the same shape holds its place and the form cannot be submitted.
 */
function StripeCard({ publishableKey, children }: { publishableKey: string; children: (card: Card) => ReactNode }) {
  const [confirmCard, setConfirmCard] = useState<ConfirmCard | null>(null);
  // Stable, so the field reports once per Stripe instance; a function is kept in state through an updater.
  const onReady = useCallback((next: ConfirmCard | null) => setConfirmCard(() => next), []);
  const fields = (
    <Suspense fallback={<CardFrame />}>
      <StripeCardField publishableKey={publishableKey} onReady={onReady} />
    </Suspense>
  );
  const confirm: Confirm | null = confirmCard
    ? (clientSecret, form) => confirmCard(clientSecret, String(form.get("nameOnCard") ?? "").trim())
    : null;
  return children({ fields: <CardFields card={fields} />, confirm });
}

function CardFields({ card }: { card: ReactNode }) {
  return (
    <>
      <label>
        Name on card
        <input name="nameOnCard" autoComplete="cc-name" required maxLength={100} />
      </label>
      {card}
    </>
  );
}
