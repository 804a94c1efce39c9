// The donation form (seed 001 screen 8, §4): presets and a custom amount,
// e-mail, donor name, message, name on the card and the card. Idle →
// 'Processing...' (disabled) → 'Donation successful!' (form cleared, button
// disabled). The server computes the amount; the webhook confirms it.

import type { InferRequestType } from "hono/client";
import { type ReactNode, useState } from "react";
import { type Confirm, type PaymentsConfig, WithCard } from "../../features/store/checkout/CardProvider";
import { CARD_NEEDS_SCRIPT } from "../../kernel/schemas/checkout-messages";
import {
  DONATION_ERROR,
  DONATION_INIT_FAILED,
  DONATION_PRESETS,
  DONATION_SUCCESSFUL,
  MIN_CUSTOM_DOLLARS,
} from "../../kernel/schemas/fundraiser-messages";
import { ApiError, api, call } from "../../lib/api-client";
import { checkoutSchemas, fundraiserSchemas } from "../../lib/form-schemas";
import { useHydrated } from "../../lib/hydration";

type DonationBody = InferRequestType<typeof api.fundraiser.donations.$post>["json"];

interface Props {
  payments: PaymentsConfig;
  email: string;
  onDonated: () => void;
}

export function DonationForm({ payments, email, onDonated }: Props) {
  return (
    <WithCard payments={payments} unavailable={DONATION_INIT_FAILED}>
      {(card) => (
        <Form banner={card.banner} card={card.fields} confirm={card.confirm} email={email} onDonated={onDonated} />
      )}
    </WithCard>
  );
}

function Form({
  banner,
  card,
  email,
  confirm,
  onDonated,
}: {
  banner?: ReactNode;
  card: ReactNode;
  email: string;
  confirm: Confirm | null;
  onDonated: () => void;
}) {
  const [state, setState] = useState<"idle" | "processing" | "done">("idle");
  const [error, setError] = useState<string | null>(null);
  const [preset, setPreset] = useState<string>("25");
  const [formKey, setFormKey] = useState(0);
  const hydrated = useHydrated();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state !== "idle" || !confirm) return;
    const form = new FormData(event.currentTarget);
    setState("processing");
    let problem: string | undefined;
    try {
      // The schemas, and zod with them, load when a donation is first submitted, not with the page (ADR 051).
      const [{ donationSchema }, { nameOnCardSchema }] = await Promise.all([fundraiserSchemas(), checkoutSchemas()]);
      const donation = donationSchema.safeParse(Object.fromEntries(form));
      const name = nameOnCardSchema.safeParse(form.get("nameOnCard") ?? "");
      problem = donation.error?.issues[0]?.message ?? name.error?.issues[0]?.message;
    } catch {
      problem = DONATION_ERROR;
    }
    if (problem) {
      setError(problem);
      setState("idle");
      return;
    }
    setError(null);
    try {
      let started: { clientSecret?: string };
      try {
        // The form's own fields (checked above with the same schema the server applies again).
        const fields = Object.fromEntries(Array.from(form.entries()).filter(([key]) => !key.startsWith("card")));
        started = await call(api.fundraiser.donations.$post({ json: fields as DonationBody }));
      } catch (caught) {
        // Our own validation messages pass through; anything else is the seed's init failure.
        throw caught instanceof ApiError && caught.status === 400 ? caught : new ApiError(DONATION_INIT_FAILED);
      }
      if (!started.clientSecret) throw new ApiError(DONATION_INIT_FAILED);
      const outcome = await confirm(started.clientSecret, form);
      if (outcome.error) {
        setError(outcome.error.message || DONATION_ERROR);
        setState("idle");
        return;
      }
      setState("done");
      setFormKey((k) => k + 1);
      setPreset("25");
      onDonated();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : DONATION_ERROR);
      setState("idle");
    }
  }

  return (
    // POST to the route's action, never GET: card data and the e-mail must not reach a URL. Donate stays
    // disabled until the script runs, and the action refuses a scriptless post (ADR 037).
    <form key={formKey} method="post" className="form donation-form" onSubmit={submit} noValidate>
      {banner}
      <noscript>
        <p className="error">{CARD_NEEDS_SCRIPT}</p>
      </noscript>
      <fieldset className="presets">
        <legend>Amount</legend>
        {DONATION_PRESETS.map((dollars) => (
          <label key={dollars}>
            <input
              type="radio"
              name="preset"
              value={String(dollars)}
              checked={preset === String(dollars)}
              onChange={() => setPreset(String(dollars))}
            />{" "}
            ${dollars}
          </label>
        ))}
        <label>
          <input
            type="radio"
            name="preset"
            value="custom"
            checked={preset === "custom"}
            onChange={() => setPreset("custom")}
          />{" "}
          Custom
        </label>
      </fieldset>
      {preset === "custom" && (
        <label>
          Custom amount (USD)
          <input name="customAmount" type="number" min={MIN_CUSTOM_DOLLARS} step="0.01" inputMode="decimal" required />
        </label>
      )}
      <label>
        Email
        <input name="email" type="email" autoComplete="email" defaultValue={email} required />
      </label>
      <label>
        Your name (optional)
        <input name="donorName" autoComplete="name" maxLength={100} />
      </label>
      <label>
        Message (optional)
        <textarea name="message" rows={3} />
      </label>
      <label className="inline">
        <input type="checkbox" name="showName" defaultChecked /> Show my name on the donor wall
      </label>
      <label className="inline">
        <input type="checkbox" name="showAmount" defaultChecked /> Show the amount on the donor wall
      </label>
      {card}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {state === "done" && (
        <div className="celebration" role="status">
          <span className="celebration-mark" aria-hidden="true">
            ★
          </span>
          <p>
            <strong>{DONATION_SUCCESSFUL}</strong>
          </p>
          <p>Thank you for backing the live broadcast kit. Your gift shows on the donor wall once it is confirmed.</p>
        </div>
      )}
      <button type="submit" className="button primary" disabled={state !== "idle" || !confirm || !hydrated}>
        {state === "processing" ? "Processing..." : "Donate"}
      </button>
    </form>
  );
}
