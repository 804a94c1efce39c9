// The card half of every payment form (checkout's PaymentForm, the fundraiser's DonationForm): the
// provider's card fields and how a card is confirmed once the server has made the payment. Locally
// the test provider's fields (and its banner); in production Stripe's Card Element, inside its
// Elements. The forms differ only in what they ask for and which server call starts the payment.
import type { ReactNode } from "react";
import type { ConfirmOutcome } from "./client";
import { StripeCardField, StripeElements, useStripeConfirm } from "./StripeCardForm";
import { confirmTestPayment, readTestCard, TestCardFields, TestModeBanner } from "./TestCardFields";

/** Which provider the server pays through (the loader says), and Stripe's publishable key. */
export interface PaymentsConfig {
  provider: "stripe" | "test";
  publishableKey: string | null;
}

export type Confirm = (clientSecret: string, form: FormData) => Promise<ConfirmOutcome>;

export interface Card {
  banner?: ReactNode;
  fields: ReactNode;
  /** What is wrong with the typed card before anything is sent, or null. */
  check?: (form: FormData) => string | null;
  /** null while the provider's script is still loading. */
  confirm: Confirm | null;
}

const testCard: Card = {
  banner: <TestModeBanner />,
  fields: <TestCardFields />,
  check: (form) => {
    const typed = readTestCard(form);
    return "error" in typed ? typed.error : null;
  },
  confirm: async (clientSecret, form) => {
    const typed = readTestCard(form);
    return "error" in typed ? { error: { message: typed.error } } : confirmTestPayment(clientSecret, typed.card);
  },
};

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
  return (
    <StripeElements publishableKey={payments.publishableKey}>
      <StripeCard>{children}</StripeCard>
    </StripeElements>
  );
}

function StripeCard({ children }: { children: (card: Card) => ReactNode }) {
  const confirmCard = useStripeConfirm();
  const confirm: Confirm | null = confirmCard
    ? (clientSecret, form) => confirmCard(clientSecret, String(form.get("nameOnCard") ?? "").trim())
    : null;
  return children({ fields: <StripeCardField />, confirm });
}
