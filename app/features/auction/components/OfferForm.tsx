// A card's offer form. It posts through a fetcher to the gallery's action; a form sent before
// hydration (or without JavaScript) is a document POST whose answer is the page's action data.
// Two buttons: 'Make Offer' (the seed's plain offer) and 'Set Maximum' (the item's object bids for
// the member up to it, ADR 038). The answers carry the seed's messages (001 §8). A member without a
// shipping address is told before typing, with a link to Settings that comes back here keeping
// the typed amount; should the server still answer MISSING_SHIPPING, the page goes there itself.
import { useEffect, useId, useRef, useState } from "react";
import { Link, useActionData, useFetcher, useNavigate } from "react-router";
import { Button, useToast } from "../../../components/ui";
import { formatMoney } from "../../../kernel/format";
import type { ItemState } from "../../../kernel/protocols/bid-item";
import {
  ADD_SHIPPING_FIRST,
  MUST_SIGN_IN,
  NEED_ADDRESS_NOTICE,
  nextBidCents,
  OFFER_SUBMITTED,
} from "../../../kernel/schemas/auction-messages";
import type { FormError } from "../../../lib/forms.server";
import type { GalleryAction, GalleryItem } from "../pages/gallery.server";
import styles from "./bidding.module.css";

const OFFER_FAILED = "Failed to submit offer.";

type ActionResult = NonNullable<ReturnType<typeof useActionData<GalleryAction>>>;
type OfferResult = Extract<ActionResult, { intent: "offer" }>;

/** An accepted bid's answer: the item as the object left it, and the member's own standing on it. */
export interface Answered {
  item: ItemState;
  tag: string;
  maxCents: number;
}

function isMissingShipping(error: FormError | null) {
  return error?.code === "MISSING_SHIPPING" || /shipping address/i.test(error?.message ?? "");
}

/** The seed's offer messages for an action result (the missing address included). */
function offerMessage(result: OfferResult): { text: string; ok: boolean } {
  if ("item" in result) return { text: OFFER_SUBMITTED, ok: true };
  const error = "error" in result ? result.error : null;
  if (isMissingShipping(error)) return { text: ADD_SHIPPING_FIRST, ok: false };
  if (error?.code === "NOT_AUTHENTICATED" || /signed in/i.test(error?.message ?? ""))
    return { text: MUST_SIGN_IN, ok: false };
  return { text: error?.message || OFFER_FAILED, ok: false };
}

/** Settings, then back to this card with the amount typed so far. */
export function settingsReturningTo(code: string, amount: string) {
  const back = `/bidgallery?item=${encodeURIComponent(code)}${amount ? `&amount=${encodeURIComponent(amount)}` : ""}#item-${encodeURIComponent(code)}`;
  return `/settings?returnTo=${encodeURIComponent(back)}`;
}

export function OfferForm({
  item,
  onAnswer,
  member,
  initialAmount,
  standing,
}: {
  item: GalleryItem;
  onAnswer: (answer: Answered) => void;
  member: { hasAddress: boolean } | null;
  initialAmount: string;
  /** The member's own standing, once the live socket has told it: leading (with their maximum) or outbid. */
  standing: { leading: true; maxCents: number | null } | { leading: false } | null;
}) {
  const fetcher = useFetcher<GalleryAction>();
  const toast = useToast();
  const navigate = useNavigate();
  const actionData = useActionData<GalleryAction>();
  const documentResult = actionData?.intent === "offer" && actionData.code === item.shortCode ? actionData : undefined;
  const result = fetcher.data?.intent === "offer" ? fetcher.data : documentResult;
  const [amount, setAmount] = useState(initialAmount);
  /** The result whose message was dismissed by editing the amount. */
  const [dismissed, setDismissed] = useState<unknown>(null);
  const busy = fetcher.state !== "idle";
  const message = result && result !== dismissed && !busy ? offerMessage(result) : null;
  const inputId = useId();
  const noticeId = useId();
  const handled = useRef<unknown>(null);
  const input = useRef<HTMLInputElement>(null);
  const needsAddress = member !== null && !member.hasAddress;
  const again = nextBidCents(item.priceCents);
  const typed = amount;

  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if ("item" in result) {
      setAmount("");
      onAnswer({ item: result.item, tag: result.tag, maxCents: result.maxCents });
    } else if (isMissingShipping("error" in result ? result.error : null)) {
      toast(ADD_SHIPPING_FIRST, "info");
      navigate(settingsReturningTo(item.shortCode, typed));
    }
  }, [result, navigate, onAnswer, item.shortCode, typed, toast]);

  // Back from Settings with an amount: bring the card into view with its amount ready to send.
  useEffect(() => {
    if (initialAmount) input.current?.focus();
  }, [initialAmount]);

  return (
    <div className={styles.offer}>
      {standing?.leading === true && (
        <p className={`${styles.standing} ${styles.leading}`} role="status">
          <strong>You're the highest bidder</strong>
          {standing.maxCents !== null && <span> · your maximum {formatMoney(standing.maxCents)}</span>}
        </p>
      )}
      {standing?.leading === false && (
        <div className={`${styles.standing} ${styles.outbid}`} role="status">
          <strong>You've been outbid</strong>
          <Button
            size="sm"
            disabled={busy || needsAddress}
            onClick={() =>
              fetcher.submit(
                { intent: "offer", code: item.shortCode, amount: (again / 100).toFixed(2), mode: "offer" },
                { method: "post" },
              )
            }
          >
            Bid again · {formatMoney(again)}
          </Button>
        </div>
      )}
      {needsAddress && (
        <p className={styles.notice} id={noticeId}>
          {NEED_ADDRESS_NOTICE}{" "}
          <Link to={settingsReturningTo(item.shortCode, amount)}>Add a shipping address in Settings</Link>, and you'll
          come back here with your amount kept.
        </p>
      )}
      <fetcher.Form method="post" className="offer-form" noValidate>
        <input type="hidden" name="intent" value="offer" />
        <input type="hidden" name="code" value={item.shortCode} />
        <label htmlFor={inputId} className="visually-hidden">
          Your offer for {item.title}
        </label>
        <div className="offer-row">
          <span className="offer-currency" aria-hidden="true">
            $
          </span>
          <input
            ref={input}
            id={inputId}
            name="amount"
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            placeholder={(again / 100).toFixed(2)}
            aria-describedby={needsAddress ? noticeId : undefined}
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              setDismissed(result);
            }}
          />
        </div>
        <div className={styles.buttons}>
          <Button
            type="submit"
            name="mode"
            value="offer"
            variant="primary"
            busy={busy && fetcher.formData?.get("mode") !== "maximum"}
            busyLabel="Submitting..."
            disabled={busy}
          >
            Make Offer
          </Button>
          <Button
            type="submit"
            name="mode"
            value="maximum"
            busy={busy && fetcher.formData?.get("mode") === "maximum"}
            busyLabel="Setting…"
            disabled={busy}
          >
            Set Maximum
          </Button>
        </div>
        {message && (
          <p
            className={message.ok ? "offer-message success" : "offer-message error"}
            role={message.ok ? "status" : "alert"}
          >
            {message.text}
          </p>
        )}
      </fetcher.Form>
    </div>
  );
}
