// The offer panel of a gallery card and of a lot's page. It posts through a fetcher to the page's
// action (both pages share the gallery's); a form sent before hydration (or without JavaScript) is a
// document POST whose answer is the page's action data. Two buttons: 'Make Offer' (the seed's plain
// offer) and 'Set Maximum' (the item's object bids for the member up to it, ADR 038). The answers
// carry the seed's messages (001 §8). A visitor sees 'Sign in to make an offer', a link that comes
// back to the lot; on the lot's page only that (no field or buttons they cannot use), on a gallery
// card with the seed's offer input, whose 'Make Offer' goes there too keeping the amount. A member without a shipping address
// is told before typing (`notice`: at the lot's panel, or above the gallery), with a link to Settings
// that comes back keeping the typed amount; on the lot's page 'Make Offer' goes there too; should
// the server answer MISSING_SHIPPING (a gallery card), the page goes there itself with the seed's
// message.
import { useEffect, useId, useRef, useState } from "react";
import { Link, useActionData, useFetcher, useNavigate } from "react-router";
import { Button, FieldError, useToast } from "../../../components/ui";
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

/** A lot's own page. */
export function lotPath(code: string) {
  return `/bidgallery/${encodeURIComponent(code)}`;
}

/** Where an offer comes back to: the gallery's card, or the lot's page, with the amount typed so far. */
export function returnPath(code: string, amount: string, on: "gallery" | "lot") {
  const kept = amount ? `amount=${encodeURIComponent(amount)}` : "";
  if (on === "lot") return `${lotPath(code)}${kept ? `?${kept}` : ""}`;
  return `/bidgallery?item=${encodeURIComponent(code)}${kept ? `&${kept}` : ""}#item-${encodeURIComponent(code)}`;
}

/** Settings, then back to this card (or lot) with the amount typed so far. */
export function settingsReturningTo(code: string, amount: string, on: "gallery" | "lot" = "gallery") {
  return `/settings?returnTo=${encodeURIComponent(returnPath(code, amount, on))}`;
}

/** Sign-in (the app's `from` parameter), then back to the lot's page with the amount kept. */
export function signInReturningTo(code: string, amount = "") {
  return `/signin?from=${encodeURIComponent(returnPath(code, amount, "lot"))}`;
}

/** The seed's sign-in message's wording, as a link that comes back to the lot. */
export const SIGN_IN_TO_OFFER = "Sign in to make an offer";

export function OfferForm({
  item,
  onAnswer,
  member,
  initialAmount,
  standing,
  on = "gallery",
  notice = false,
}: {
  item: GalleryItem;
  onAnswer: (answer: Answered) => void;
  member: { hasAddress: boolean } | null;
  initialAmount: string;
  /** The member's own standing, once the live socket has told it: leading (with their maximum) or outbid. */
  standing: { leading: true; maxCents: number | null } | { leading: false } | null;
  /** The page the panel is on: where Settings and sign-in come back to. */
  on?: "gallery" | "lot";
  /** Show the shipping-address notice in this panel (the lot's page); the gallery shows it once above its cards. */
  notice?: boolean;
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
  // A refused amount is the field's own message, shown under it and read with it; the sign-in and
  // success answers stay under the buttons.
  const fieldMessage = message && !message.ok && message.text !== MUST_SIGN_IN ? message.text : null;
  const errorId = `${inputId}-error`;
  const describedBy = [needsAddress && notice ? noticeId : "", fieldMessage ? errorId : ""].filter(Boolean).join(" ");

  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if ("item" in result) {
      setAmount("");
      onAnswer({ item: result.item, tag: result.tag, maxCents: result.maxCents });
    } else if (isMissingShipping("error" in result ? result.error : null)) {
      toast(ADD_SHIPPING_FIRST, "info");
      navigate(settingsReturningTo(item.shortCode, typed, on));
    }
  }, [result, navigate, onAnswer, item.shortCode, typed, toast, on]);

  // Back from Settings with an amount: bring the card into view with its amount ready to send.
  useEffect(() => {
    if (initialAmount) input.current?.focus();
  }, [initialAmount]);

  return (
    <div className={styles.offer}>
      {standing?.leading === true && (
        <p className={`${styles.standing} ${styles.leading}`} role="status">
          <strong>You're the highest bidder</strong>
          {/* Its own item in the wrapping row: no separator to strand at a line's start. */}
          {standing.maxCents !== null && <span>Your maximum {formatMoney(standing.maxCents)}</span>}
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
      {needsAddress && notice && (
        <p className={styles.notice} id={noticeId}>
          {NEED_ADDRESS_NOTICE}{" "}
          <Link to={settingsReturningTo(item.shortCode, amount, on)}>Add a shipping address in Settings</Link>, and
          you'll come back here with your amount kept.
        </p>
      )}
      {member === null && (
        // On the lot's page a visitor gets the way in only: no field or buttons that look usable but
        // are not. A gallery card keeps the seed's offer input and 'Make Offer' (which leads here too).
        <p className={styles.signIn}>
          <Link to={signInReturningTo(item.shortCode, amount)} className={styles.signInLink}>
            {SIGN_IN_TO_OFFER}
          </Link>
          <span className={styles.signInNote}>You'll come back to this lot.</span>
        </p>
      )}
      {(member !== null || on === "gallery") && (
        <fetcher.Form
          method="post"
          className="offer-form"
          noValidate
          onSubmit={(event) => {
            if (member === null) {
              // A visitor's offer would only be refused: they go to sign in and come back with it.
              event.preventDefault();
              navigate(signInReturningTo(item.shortCode, amount));
              return;
            }
            // Without an address the offer would only be refused: straight to Settings, which comes
            // back here with the amount (no round trip, no toast over the page).
            if (!needsAddress || !notice) return;
            event.preventDefault();
            navigate(settingsReturningTo(item.shortCode, amount, on));
          }}
        >
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
              aria-describedby={describedBy || undefined}
              aria-invalid={fieldMessage ? true : undefined}
              value={amount}
              onChange={(event) => {
                setAmount(event.target.value);
                setDismissed(result);
              }}
            />
          </div>
          {fieldMessage && <FieldError id={errorId}>{fieldMessage}</FieldError>}
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
          {message &&
            !fieldMessage &&
            (message.text === MUST_SIGN_IN ? (
              // Sent without JavaScript, or a session that ended meanwhile: the seed's message, with the way in.
              <p className="offer-message" role="status">
                {message.text} <Link to={signInReturningTo(item.shortCode, typed)}>{SIGN_IN_TO_OFFER}</Link>
              </p>
            ) : (
              <p
                className={message.ok ? "offer-message success" : "offer-message error"}
                role={message.ok ? "status" : "alert"}
              >
                {message.text}
              </p>
            ))}
        </fetcher.Form>
      )}
    </div>
  );
}
