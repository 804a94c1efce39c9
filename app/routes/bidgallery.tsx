// The auction gallery (/bidgallery, seed 001 screen 14): one card per bid
// item with its media, current price and an offer form. Every card holds a
// WebSocket to its item's BidItem Durable Object, so new prices, 'Sale
// Closed' and soft-close extensions show at once, without reload. A signed-in
// member can also submit an item of their own for the admin's approval.
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { data, type ShouldRevalidateFunctionArgs, useActionData, useFetcher, useNavigate } from "react-router";
import { listGallery, makeOffer, submitMemberItem } from "../../worker/domain/auction/auction";
import { Unauthenticated } from "../../worker/domain/errors";
import { parse } from "../../worker/domain/validation";
import {
  ADD_SHIPPING_FIRST,
  checkMemberItem,
  type ItemState,
  liveMessage,
  MUST_SIGN_IN,
  OFFER_SUBMITTED,
  SALE_CLOSED,
  SOFT_CLOSE_MS,
} from "../lib/auction";
import { requireUser, server } from "../lib/auth.server";
import { type FormError, formAction, formFields } from "../lib/forms.server";
import { memberItemSchema, offerSchema } from "../lib/schemas/auction";
import { formatMoney } from "../lib/schemas/money";
import type { Route } from "./+types/bidgallery";
import "../styles/auction.css";

const GALLERY_TITLE = "The Great International Empire Auction";
const OFFER_FAILED = "Failed to submit offer.";
const OFFER_EXCEPTION = "An error occurred submitting your offer.";
const MEMBER_ITEM_SUBMITTED = "Submitted for approval.";

export function meta() {
  return [{ title: `Auction · Creator Platform` }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { deps, user } = server(context);
  return { items: await listGallery(deps), signedIn: Boolean(user) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { deps, user } = server(context);
  const fields = formFields(await request.formData());

  if (fields.intent === "offer") {
    const code = fields.code ?? "";
    const echo = { intent: "offer" as const, code };
    try {
      return await formAction(async () => {
        // The bidder is the session's user, whatever the form says.
        if (!user) throw new Unauthenticated(MUST_SIGN_IN, "NOT_AUTHENTICATED");
        const { amount } = parse(offerSchema, fields);
        const item = await makeOffer(deps, user, code, amount);
        return { ...echo, message: OFFER_SUBMITTED, item };
      }, echo);
    } catch (error) {
      // Seed 001 §8: an exception says 'An error occurred submitting your offer.'
      console.error(error);
      const failure: FormError = { code: "internal", message: OFFER_EXCEPTION };
      return data({ ...echo, error: failure }, { status: 500 });
    }
  }

  if (fields.intent === "member-item") {
    const member = requireUser(context, request);
    return formAction(
      async () => {
        const item = await submitMemberItem(deps, member.id, parse(memberItemSchema, fields));
        return { intent: "member-item" as const, submitted: item.shortCode };
      },
      { intent: "member-item" as const },
    );
  }

  throw data("Unknown form.", { status: 400 });
}

/** Offers and member items change nothing in the listing that the live sockets do not already bring. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get("intent");
  if (intent === "offer" || intent === "member-item") return false;
  return defaultShouldRevalidate;
}

type GalleryItem = Route.ComponentProps["loaderData"]["items"][number];
type Live = Record<string, ItemState>;

export default function BidGallery({ loaderData }: Route.ComponentProps) {
  const { items, signedIn } = loaderData;
  const [live, setLive] = useState<Live>({});
  const apply = useCallback((state: ItemState) => {
    setLive((current) => {
      const known = current[state.shortCode];
      if (known && known.version > state.version) return current; // never go backwards
      return { ...current, [state.shortCode]: state };
    });
  }, []);
  const connected = useLiveItems(
    items.map((item) => item.shortCode),
    apply,
  );
  // An accepted offer's answer carries the item as the Durable Object left it: newer than the
  // listing (D1 catches up after the answer, ADR 016), so it counts like a live message.
  const actionData = useActionData<typeof action>();
  const answered = actionData && "item" in actionData ? actionData.item : undefined;
  const shown = items.map((item) => {
    const socket = live[item.shortCode];
    const fromAnswer = answered?.shortCode === item.shortCode ? answered : undefined;
    const state =
      socket && fromAnswer ? (socket.version >= fromAnswer.version ? socket : fromAnswer) : (socket ?? fromAnswer);
    return state ? { ...item, priceCents: state.priceCents, status: state.status, endsAt: state.endsAt } : item;
  });
  const now = useClock(shown.some((item) => item.status === "open" && item.endsAt !== null));

  return (
    <section className="auction auction-ui">
      <header className="auction-heading">
        <h1>{GALLERY_TITLE}</h1>
        <p className="muted">Make an offer above the current price. Prices update live.</p>
      </header>
      {shown.length === 0 ? (
        <p className="empty-state">No items are up for auction yet. Check back soon.</p>
      ) : (
        <ul className="bid-grid" aria-label="Bid items">
          {shown.map((item) => (
            <BidCard key={item.shortCode} item={item} live={connected.has(item.shortCode)} now={now} onState={apply} />
          ))}
        </ul>
      )}
      {signedIn && <MemberItemForm />}
    </section>
  );
}

function BidCard({
  item,
  live,
  now,
  onState,
}: {
  item: GalleryItem;
  live: boolean;
  now: number | null;
  onState: (state: ItemState) => void;
}) {
  const closed = item.status === "closed";
  const titleId = useId();
  return (
    <li className={`bid-card${closed ? " closed" : ""}`} aria-labelledby={titleId} data-code={item.shortCode}>
      <Media item={item} />
      <div className="bid-body">
        <div className="bid-title-row">
          <h2 id={titleId}>{item.title}</h2>
          {live && !closed && (
            <span className="live-pill" title="Prices update live">
              Live
            </span>
          )}
        </div>
        <p className="bid-ticket muted">Ticket #{item.ticketNumber}</p>
        {item.description && <p className="bid-description">{item.description}</p>}
        <dl className="bid-facts">
          <div>
            <dt>Current price</dt>
            <dd className="bid-price" aria-live="polite">
              {formatMoney(item.priceCents)}
            </dd>
          </div>
          <div>
            <dt>Product code</dt>
            <dd className="bid-code">{item.shortCode}</dd>
          </div>
        </dl>
        {!closed && item.endsAt !== null && <EndsAt endsAt={item.endsAt} now={now} />}
        {closed ? (
          <p className="sale-closed" role="status">
            {SALE_CLOSED}
          </p>
        ) : (
          <OfferForm item={item} onState={onState} />
        )}
      </div>
    </li>
  );
}

function Media({ item }: { item: GalleryItem }) {
  if (item.media.length === 0) {
    return (
      <div className="bid-media empty" aria-hidden="true">
        <span>{item.title.slice(0, 1).toUpperCase()}</span>
      </div>
    );
  }
  return (
    <div className={`bid-media${item.media.length > 1 ? " several" : ""}`}>
      {item.media.map((media, i) =>
        media.kind === "image" ? (
          <img key={i} src={media.url} alt={`${item.title}: ${media.fileName}`} loading="lazy" />
        ) : media.kind === "video" ? (
          <video key={i} src={media.url} controls preload="metadata" aria-label={`${item.title}: ${media.fileName}`} />
        ) : media.kind === "audio" ? (
          <audio key={i} src={media.url} controls preload="none" aria-label={`${item.title}: ${media.fileName}`} />
        ) : (
          <a key={i} href={media.url}>
            {media.fileName}
          </a>
        ),
      )}
    </div>
  );
}

type ActionResult = NonNullable<ReturnType<typeof useActionData<typeof action>>>;
type OfferResult = Extract<ActionResult, { intent: "offer" }>;

function isMissingShipping(error: FormError | null) {
  return error?.code === "MISSING_SHIPPING" || /shipping address/i.test(error?.message ?? "");
}

/** The seed's offer messages (001 §8) for an action result; the missing address is an alert instead. */
function offerMessage(result: OfferResult): { text: string; ok: boolean } | null {
  if ("item" in result) return { text: OFFER_SUBMITTED, ok: true };
  const error = "error" in result ? result.error : null;
  if (isMissingShipping(error)) return null;
  if (error?.code === "NOT_AUTHENTICATED" || /signed in/i.test(error?.message ?? ""))
    return { text: MUST_SIGN_IN, ok: false };
  return { text: error?.message || OFFER_FAILED, ok: false };
}

function OfferForm({ item, onState }: { item: GalleryItem; onState: (state: ItemState) => void }) {
  const fetcher = useFetcher<typeof action>();
  const navigate = useNavigate();
  // A form sent before hydration (or without JavaScript) is a document POST: its answer is the page's action data.
  const actionData = useActionData<typeof action>();
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
      window.alert(ADD_SHIPPING_FIRST);
      navigate("/settings");
    }
  }, [result, navigate, onState]);

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

function EndsAt({ endsAt, now }: { endsAt: number; now: number | null }) {
  const iso = new Date(endsAt).toISOString();
  // The server and the first client render agree on UTC; the local time and the countdown follow.
  if (now === null) {
    return (
      <p className="bid-ends">
        Ends <time dateTime={iso}>{iso.slice(0, 16).replace("T", " ")} UTC</time>
      </p>
    );
  }
  const left = endsAt - now;
  return (
    <p className={`bid-ends${left <= SOFT_CLOSE_MS ? " soon" : ""}`}>
      Ends{" "}
      <time dateTime={iso}>
        {new Date(endsAt).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}
      </time>
      {" · "}
      <span className="countdown">{left > 0 ? `${countdown(left)} left` : "closing…"}</span>
    </p>
  );
}

function countdown(ms: number) {
  const total = Math.ceil(ms / 1000);
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  return `${minutes}m ${String(seconds).padStart(2, "0")}s`;
}

/** The time, ticking every second while some item shows a countdown; null until hydrated. */
function useClock(ticking: boolean) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    if (!ticking) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [ticking]);
  return now;
}

const RECONNECT_BASE_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * One WebSocket per item to /api/bid-items/{code}/live. Each message is
 * validated with `liveMessage`; a dropped socket reconnects with exponential
 * back-off and jitter (its first message is the current state, so nothing
 * missed meanwhile is lost). Sockets close on unmount. Returns the codes whose
 * socket is open.
 */
function useLiveItems(codes: string[], onState: (state: ItemState) => void) {
  const [connected, setConnected] = useState<ReadonlySet<string>>(() => new Set());
  const onStateRef = useRef(onState);
  useEffect(() => {
    onStateRef.current = onState;
  }, [onState]);
  const key = [...new Set(codes)].sort().join(",");

  useEffect(() => {
    if (!key) return;
    let disposed = false;
    const sockets = new Map<string, WebSocket>();
    const timers = new Set<number>();
    const mark = (code: string, open: boolean) =>
      setConnected((current) => {
        if (current.has(code) === open) return current;
        const next = new Set(current);
        if (open) next.add(code);
        else next.delete(code);
        return next;
      });
    const url = (code: string) =>
      `${window.location.protocol === "https:" ? "wss:" : "ws:"}//${window.location.host}/api/bid-items/${encodeURIComponent(code)}/live`;

    const connect = (code: string, attempt: number) => {
      if (disposed) return;
      let failures = attempt;
      const ws = new WebSocket(url(code));
      sockets.set(code, ws);
      ws.onopen = () => {
        failures = 0;
        mark(code, true);
      };
      ws.onmessage = (event) => {
        if (typeof event.data !== "string") return;
        let json: unknown;
        try {
          json = JSON.parse(event.data);
        } catch {
          return;
        }
        const message = liveMessage.safeParse(json);
        if (message.success && message.data.item.shortCode === code) onStateRef.current(message.data.item);
      };
      ws.onclose = () => {
        if (disposed) return;
        mark(code, false);
        const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** failures) * (0.5 + Math.random() / 2);
        const timer = window.setTimeout(() => {
          timers.delete(timer);
          connect(code, failures + 1);
        }, delay);
        timers.add(timer);
      };
    };

    for (const code of key.split(",")) connect(code, 0);
    return () => {
      disposed = true;
      for (const timer of timers) window.clearTimeout(timer);
      for (const ws of sockets.values()) {
        ws.onclose = null;
        ws.close(1000, "page left");
      }
      setConnected(new Set());
    };
  }, [key]);

  return connected;
}

function MemberItemForm() {
  const fetcher = useFetcher<typeof action>();
  const actionData = useActionData<typeof action>();
  const result =
    fetcher.data?.intent === "member-item"
      ? fetcher.data
      : actionData?.intent === "member-item"
        ? actionData
        : undefined;
  const formRef = useRef<HTMLFormElement>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const busy = fetcher.state === "submitting";
  const message = clientError
    ? { text: clientError, ok: false }
    : result && !busy
      ? "submitted" in result
        ? { text: MEMBER_ITEM_SUBMITTED, ok: true }
        : { text: result.error.message, ok: false }
      : null;
  const handled = useRef<unknown>(null);

  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if ("submitted" in result) formRef.current?.reset();
  }, [result]);

  return (
    <section className="card member-item" aria-labelledby="member-item-heading">
      <h2 id="member-item-heading">Submit your own item</h2>
      <p className="muted">The admin reviews each item before it joins the auction.</p>
      <fetcher.Form method="post" className="form" noValidate ref={formRef} onSubmit={checkMemberItem(setClientError)}>
        <input type="hidden" name="intent" value="member-item" />
        <label>
          Title
          <input name="title" maxLength={120} />
        </label>
        <label>
          Description
          <textarea name="description" rows={3} maxLength={2000} />
        </label>
        <label>
          Offer amount
          <input name="price" type="number" step="0.01" min="0" inputMode="decimal" />
        </label>
        <div className="actions">
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? "Submitting..." : "Submit Item"}
          </button>
        </div>
        {message && (
          <p className={message.ok ? "success" : "error"} role={message.ok ? "status" : "alert"}>
            {message.text}
          </p>
        )}
      </fetcher.Form>
    </section>
  );
}
