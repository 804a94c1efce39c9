// A card's offer form. It posts through a fetcher to the gallery's action; a form sent before
// hydration (or without JavaScript) is a document POST whose answer is the page's action data.
// The answers carry the seed's messages (001 §8); a missing address alerts and goes to Settings.
import { useEffect, useId, useRef, useState } from "react";
import { useActionData, useFetcher, useNavigate } from "react-router";
import type { FormError } from "../../lib/forms.server";
import type { ItemState } from "../../lib/protocols/bid-item";
import { ADD_SHIPPING_FIRST, MUST_SIGN_IN, OFFER_SUBMITTED } from "../../lib/schemas/auction";
import type { GalleryAction, GalleryItem } from "../../routes/bidgallery.server";
import { useToast } from "../ui";

const OFFER_FAILED = "Failed to submit offer.";

type ActionResult = NonNullable<ReturnType<typeof useActionData<GalleryAction>>>;
type OfferResult = Extract<ActionResult, { intent: "offer" }>;

function isMissingShipping(error: FormError | null) {
  return error?.code === "MISSING_SHIPPING" || /shipping address/i.test(error?.message ?? "");
}

/** The seed's offer messages for an action result; the missing address is an alert instead. */
function offerMessage(result: OfferResult): { text: string; ok: boolean } | null {
  if ("item" in result) return { text: OFFER_SUBMITTED, ok: true };
  const error = "error" in result ? result.error : null;
  if (isMissingShipping(error)) return null;
  if (error?.code === "NOT_AUTHENTICATED" || /signed in/i.test(error?.message ?? ""))
    return { text: MUST_SIGN_IN, ok: false };
  return { text: error?.message || OFFER_FAILED, ok: false };
}

export function OfferForm({ item, onState }: { item: GalleryItem; onState: (state: ItemState) => void }) {
  const fetcher = useFetcher<GalleryAction>();
  const toast = useToast();
  const navigate = useNavigate();
  const actionData = useActionData<GalleryAction>();
  const documentResult = actionData?.intent === "offer" && actionData.code === item.shortCode ? actionData : undefined;
  const result = fetcher.data?.intent === "offer" ? fetcher.data : documentResult;
  const [amount, setAmount] = useState("");
  /** The result whose message was dismissed by editing the amount. */
  const [dismissed, setDismissed] = useState<unknown>(null);
  const busy = fetcher.state === "submitting";
  const message = result && result !== dismissed && !busy ? offerMessage(result) : null;
  const inputId = useId();
  const handled = useRef<unknown>(null);

  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if ("item" in result) {
      setAmount("");
      onState(result.item);
    } else if (isMissingShipping("error" in result ? result.error : null)) {
      toast(ADD_SHIPPING_FIRST, "info");
      navigate("/settings");
    }
  }, [result, navigate, onState, toast]);

  return (
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
          id={inputId}
          name="amount"
          type="number"
          step="0.01"
          min="0"
          inputMode="decimal"
          placeholder={((item.priceCents + 100) / 100).toFixed(2)}
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setDismissed(result);
          }}
        />
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? "Submitting..." : "Make Offer"}
        </button>
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
  );
}
