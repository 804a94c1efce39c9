// The donation form (seed 001 screen 8, §4): presets and a custom amount as chips,
// e-mail, donor name, message, name on the card and the card. Idle →
// 'Processing...' (disabled) → 'Donation successful!': a receipt card in the
// form's place (amount, share links, 'Give again' brings a cleared form back),
// as Givebutter and Stripe do. The server computes the amount; the webhook confirms it.

import type { InferRequestType } from "hono/client";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Button, Checkbox, Field, Input, Outcome } from "../../../components/ui";
import { formatMoney } from "../../../kernel/format";
import { CARD_NEEDS_SCRIPT } from "../../../kernel/schemas/checkout-messages";
import {
  DONATION_ERROR,
  DONATION_INIT_FAILED,
  DONATION_PRESETS,
  DONATION_SUCCESSFUL,
  MIN_CUSTOM_DOLLARS,
} from "../../../kernel/schemas/fundraiser-messages";
import { ApiError, api, call } from "../../../lib/api-client";
import { checkoutSchemas, fundraiserSchemas } from "../../../lib/form-schemas";
import { useHydrated } from "../../../lib/hydration";
import { ShareBar } from "../../shows/components/listen-parts";
import { type Confirm, type PaymentsConfig, WithCard } from "../../store/checkout/CardProvider";
import styles from "./fundraiser.module.css";
import "../../store/checkout.css";

type DonationBody = InferRequestType<typeof api.fundraiser.donations.$post>["json"];

interface Props {
  payments: PaymentsConfig;
  email: string;
  /** The fundraiser's address and title, for the receipt's share links. */
  share: { url: string; text: string };
  onDonated: () => void;
}

export function DonationForm({ payments, email, share, onDonated }: Props) {
  return (
    <WithCard payments={payments} unavailable={DONATION_INIT_FAILED}>
      {(card) => (
        <Form
          banner={card.banner}
          card={card.fields}
          confirm={card.confirm}
          email={email}
          share={share}
          onDonated={onDonated}
        />
      )}
    </WithCard>
  );
}

function Form({
  banner,
  card,
  email,
  confirm,
  share,
  onDonated,
}: {
  banner?: ReactNode;
  card: ReactNode;
  email: string;
  confirm: Confirm | null;
  share: Props["share"];
  onDonated: () => void;
}) {
  const [state, setState] = useState<"idle" | "processing" | "done">("idle");
  const [error, setError] = useState<string | null>(null);
  const [preset, setPreset] = useState<string>("25");
  const [formKey, setFormKey] = useState(0);
  /** What the last gift was, for the thank-you. */
  const [given, setGiven] = useState<number | null>(null);
  /** The details (e-mail, message, card) open once an amount is chosen, so the chips and Donate lead the card. */
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state !== "idle" || !confirm) return;
    if (!open) {
      // 'Donate' before the details: show them and start at the first one instead of refusing.
      const target = event.currentTarget;
      setOpen(true);
      requestAnimationFrame(() => target.querySelector<HTMLInputElement>("[name=email]")?.focus());
      return;
    }
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
      let started: { clientSecret?: string; amountCents?: number };
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
      setGiven(started.amountCents ?? null);
      setState("done");
      setFormKey((k) => k + 1);
      setPreset("25");
      onDonated();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : DONATION_ERROR);
      setState("idle");
    }
  }

  if (state === "done") return <Receipt cents={given} share={share} onGiveAgain={() => setState("idle")} />;

  return (
    // POST to the route's action, never GET: card data and the e-mail must not reach a URL. Donate stays
    // disabled until the script runs, and the action refuses a scriptless post (ADR 037).
    <form key={formKey} method="post" className={`donation-form ${styles.donation}`} onSubmit={submit} noValidate>
      <noscript>
        <p className="error">{CARD_NEEDS_SCRIPT}</p>
      </noscript>
      <fieldset className={styles.amounts}>
        <legend>Amount</legend>
        <div className={styles.chips}>
          {DONATION_PRESETS.map((dollars) => (
            <label key={dollars} className={styles.chip}>
              <input
                type="radio"
                name="preset"
                value={String(dollars)}
                checked={preset === String(dollars)}
                onChange={() => setPreset(String(dollars))}
                onClick={() => setOpen(true)}
              />
              <span>${dollars}</span>
            </label>
          ))}
          <label className={styles.chip}>
            <input
              type="radio"
              name="preset"
              value="custom"
              checked={preset === "custom"}
              onChange={() => setPreset("custom")}
              onClick={() => setOpen(true)}
            />
            <span>Custom</span>
          </label>
        </div>
        {preset === "custom" && (
          <Field label="Custom amount (USD)" hint={`At least $${MIN_CUSTOM_DOLLARS}.`} className={styles.custom}>
            <Input
              name="customAmount"
              type="number"
              min={MIN_CUSTOM_DOLLARS}
              step="0.01"
              inputMode="decimal"
              required
            />
          </Field>
        )}
      </fieldset>
      <div className={styles.details} hidden={!open}>
        <div className={styles.pair}>
          <Field label="Email" hint="For your receipt.">
            <Input name="email" type="email" autoComplete="email" defaultValue={email} required />
          </Field>
          <Field label="Your name (optional)">
            <Input name="donorName" autoComplete="name" maxLength={100} />
          </Field>
        </div>
        <Field label="Message (optional)" hint="Up to 180 characters, shown on the donor wall.">
          <textarea name="message" rows={2} maxLength={180} className={styles.textarea} />
        </Field>
        <div className={styles.toggles}>
          <Checkbox name="showName" defaultChecked label="Show my name on the donor wall" />
          <Checkbox name="showAmount" defaultChecked label="Show the amount on the donor wall" />
        </div>
        {banner}
        <div className={styles.card}>{card}</div>
      </div>
      <Outcome message={error ? { ok: false, text: error } : null} />
      <Button
        type="submit"
        variant="primary"
        className={styles.submit}
        disabled={state !== "idle" || !confirm || !hydrated}
      >
        {state === "processing" ? "Processing..." : "Donate"}
      </Button>
    </form>
  );
}

/** In the form's place once a gift goes through: the seed's message, the amount, share links, 'Give again'. */
function Receipt({
  cents,
  share,
  onGiveAgain,
}: {
  cents: number | null;
  share: Props["share"];
  onGiveAgain: () => void;
}) {
  const card = useRef<HTMLDivElement>(null);
  // The Donate button the focus was on is gone: the receipt takes the focus, and so comes into view.
  useEffect(() => card.current?.focus(), []);
  return (
    <div className={styles.thanks} role="status" ref={card} tabIndex={-1}>
      <span className={styles.thanksMark} aria-hidden="true">
        ★
      </span>
      <p className={styles.thanksTitle}>{DONATION_SUCCESSFUL}</p>
      {cents !== null && <p className={styles.thanksAmount}>{formatMoney(cents)}</p>}
      <p>
        Thank you for giving{cents !== null && <strong> {formatMoney(cents)}</strong>}. You are an Action Star Member
        now: your gift shows on the donor wall once your card is confirmed, and a receipt is on its way to your inbox.
      </p>
      <ShareBar
        url={share.url}
        text={share.text}
        what="this fundraiser"
        heading="Tell a friend: every share brings the crews closer to going live."
      />
      <Button variant="primary" onClick={onGiveAgain}>
        Give again
      </Button>
    </div>
  );
}
