// THE TEST PROVIDER's card fields (development without Stripe keys): the same
// numbers Stripe's test mode takes, checked by the shared schema, confirmed by
// /api/payments/test/confirm, which sends the signed webhook as Stripe would.

import { Button } from "../../../components/ui/Button";
import type { TestCard } from "../../../kernel/schemas/checkout";
import { checkoutSchemas } from "../../../lib/form-schemas";
import type { ConfirmOutcome } from "./client";

/** The card 'Use test card' types in (the test provider's card that succeeds). */
const TEST_FILL = { cardNumber: "4242 4242 4242 4242", cardExpiry: "12 / 34", cardCvc: "123" } as const;

/**
 * A small TEST MODE badge (the local provider stands in for Stripe; nothing is charged) with
 * 'Use test card', which types the card that succeeds into the fields; the other test cards are
 * named under 'Other test cards'.
 */
export function TestModeBanner() {
  return (
    <div className="test-mode" role="note">
      <span className="test-mode-badge">TEST MODE</span>
      <span className="muted">No real card is charged.</span>
      <Button
        size="sm"
        variant="ghost"
        onClick={(event) => {
          const form = event.currentTarget.closest("form");
          if (!form) return;
          for (const [name, value] of Object.entries(TEST_FILL)) {
            const input = form.elements.namedItem(name);
            if (input instanceof HTMLInputElement) input.value = value;
          }
          const holder = form.elements.namedItem("nameOnCard");
          if (holder instanceof HTMLInputElement && !holder.value) holder.focus();
        }}
      >
        Use test card
      </Button>
      <details className="test-mode-cards">
        <summary>Other test cards</summary>
        <code>4000 0000 0000 0002</code> is declined, <code>4000 0000 0000 9995</code> has insufficient funds; any
        future date and any CVC.
      </details>
    </div>
  );
}

export function TestCardFields() {
  return (
    <div className="card-fields">
      <label>
        Card number
        <input
          name="cardNumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
          required
        />
      </label>
      <label>
        Expiry (MM/YY)
        <input name="cardExpiry" autoComplete="cc-exp" placeholder="MM / YY" maxLength={7} required />
      </label>
      <label>
        CVC
        <input name="cardCvc" inputMode="numeric" autoComplete="cc-csc" placeholder="CVC" maxLength={4} required />
      </label>
    </div>
  );
}

/**
 * The card as typed, or the first message of what is wrong with it. The schema, and zod with it,
 * loads when a card is first checked, not with the page (ADR 051).
 */
export async function readTestCard(form: FormData): Promise<{ card: TestCard } | { error: string }> {
  const { testCardSchema } = await checkoutSchemas();
  const parsed = testCardSchema.safeParse({
    number: form.get("cardNumber") ?? "",
    expiry: form.get("cardExpiry") ?? "",
    cvc: form.get("cardCvc") ?? "",
    name: form.get("nameOnCard") ?? "",
  });
  return parsed.success ? { card: parsed.data } : { error: parsed.error.issues[0]!.message };
}

export async function confirmTestPayment(clientSecret: string, card: TestCard): Promise<ConfirmOutcome> {
  const response = await fetch("/api/payments/test/confirm", {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ clientSecret, card }),
  });
  const body = (await response.json().catch(() => null)) as ConfirmOutcome | null;
  if (response.ok && body && !body.error) return {};
  return { error: { message: body?.error?.message } };
}

/** The test provider's confirmation of the card typed in `form` (what Stripe.js does in production). */
export async function confirmTestCard(clientSecret: string, form: FormData): Promise<ConfirmOutcome> {
  const typed = await readTestCard(form);
  return "error" in typed ? { error: { message: typed.error } } : confirmTestPayment(clientSecret, typed.card);
}
