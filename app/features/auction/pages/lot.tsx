// A lot's own page (/bidgallery/:code; issue 45 item 7, after Catawiki and eBay): the photos on the
// left, the bid panel on the right (sticky on a wide screen) with the title, the time left as a live
// countdown, the current price, the number of bids, the member's own standing and the offer form
// ('Make Offer', 'Set Maximum'); under the photos the bid history, description and shipping. Rendered
// on the server with the lot as its object has it now; then the item's live socket (the gallery's)
// brings every new bid, extension and 'Sale Closed' without reload. Open Graph with the lot's photo.
import { useCallback, useState } from "react";
import { Link, type ShouldRevalidateFunctionArgs, useActionData, useSearchParams } from "react-router";
import { formatMoney } from "../../../kernel/format";
import type { ItemState } from "../../../kernel/protocols/bid-item";
import { SALE_CLOSED } from "../../../kernel/schemas/auction-messages";
import { shareMeta } from "../../../lib/share-meta";
import { BidHistory } from "../components/BidHistory";
import bidding from "../components/bidding.module.css";
import { LotGallery } from "../components/LotGallery";
import styles from "../components/lot.module.css";
import { type Answered, lotPath, OfferForm } from "../components/OfferForm";
import { endsAtLabel, TimeLeft, useClock } from "../components/TimeLeft";
import { type LiveItem, type LiveMessage, useLiveItems } from "../components/use-live-items";
import type { Route } from "./+types/lot";
import type { GalleryAction } from "./gallery.server";
import "../auction.css";

export { action, loader } from "./lot.server";

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Not Found · Creator Platform" }];
  const { item, origin } = loaderData;
  const bids = item.bidCount === 1 ? "1 bid" : `${item.bidCount} bids`;
  const state =
    item.status === "closed" ? `Sold for ${formatMoney(item.priceCents)}` : `${formatMoney(item.priceCents)}, ${bids}`;
  return shareMeta({
    origin,
    path: lotPath(item.shortCode),
    title: item.title,
    description: `${state}. ${item.description || "One of a kind, in The Great International Empire Auction."}`,
    // A signed link lasts an hour: good enough for a preview fetched when the link is shared.
    image: item.media.find((medium) => medium.kind === "image")?.url,
    type: "product",
  });
}

/** Offers change nothing the live socket does not already bring. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "offer") return false;
  return defaultShouldRevalidate;
}

/** The newer of two states of the item (versions only grow). */
function newer(a: ItemState, b: ItemState | undefined) {
  return b && b.version > a.version ? b : a;
}

export default function Lot({ loaderData }: Route.ComponentProps) {
  const { item: listed, leader, version, history, you, signedIn, hasAddress } = loaderData;
  const rendered: ItemState = {
    shortCode: listed.shortCode,
    title: listed.title,
    priceCents: listed.priceCents,
    status: listed.status,
    endsAt: listed.endsAt,
    version,
    bids: listed.bidCount,
    leader,
  };
  const [live, setLive] = useState<LiveItem>({});
  const apply = useCallback((message: LiveMessage) => {
    setLive((current) => {
      if (message.type === "you") return { ...current, you: { tag: message.tag, maxCents: message.maxCents } };
      if (current.state && current.state.version > message.item.version) return current;
      return { ...current, state: message.item, history: message.history };
    });
  }, []);
  const applyAnswer = useCallback(({ item, tag, maxCents }: Answered) => {
    setLive((current) => ({ ...current, state: newer(item, current.state), you: { tag, maxCents } }));
  }, []);
  const connected = useLiveItems([listed.shortCode], apply);
  // A document POST's answer (no JavaScript yet) counts like a live message.
  const actionData = useActionData<GalleryAction>();
  const answered = actionData && "item" in actionData ? actionData.item : undefined;
  const state = newer(newer(rendered, live.state), answered);
  const mine = live.you ?? you ?? undefined;
  const item = {
    ...listed,
    priceCents: state.priceCents,
    status: state.status,
    endsAt: state.endsAt,
    bidCount: state.bids,
  };
  const closed = item.status === "closed";
  const leading = Boolean(mine && state.leader === mine.tag);
  const outbid = Boolean(mine && mine.maxCents !== null && !leading);
  const now = useClock(!closed && item.endsAt !== null);
  const [search] = useSearchParams();
  const shownHistory = live.history ?? history;

  return (
    <article className={`auction-ui ${styles.page}`} aria-labelledby="lot-title">
      <p className={styles.back}>
        <Link to="/bidgallery">← All lots · The Great International Empire Auction</Link>
      </p>
      <div className={styles.layout}>
        <div className={styles.galleryArea}>
          <LotGallery title={item.title} media={item.media} />
        </div>

        <aside className={styles.panel} aria-label="Bidding">
          <p className={styles.kicker}>
            Lot #{item.ticketNumber} · Code <span className="bid-code">{item.shortCode}</span>
          </p>
          <div className="bid-title-row">
            <h1 id="lot-title" className={styles.title}>
              {item.title}
            </h1>
            {!closed && connected.has(item.shortCode) && (
              <span className="live-pill" title="Prices update live">
                Live
              </span>
            )}
          </div>
          {!closed && item.endsAt !== null && <TimeLeft endsAt={item.endsAt} now={now} />}
          {!closed && item.endsAt === null && <p className="bid-ends">Open until the seller closes the sale</p>}
          <div className={styles.facts}>
            <div>
              <p className={bidding.label}>{closed ? "Final price" : "Current price"}</p>
              <p className={`bid-price ${styles.price}`} aria-live="polite">
                {formatMoney(item.priceCents)}
              </p>
            </div>
            <p className={bidding.bids}>
              {item.bidCount === 1 ? "1 bid" : `${new Intl.NumberFormat().format(item.bidCount)} bids`}
            </p>
          </div>
          {closed ? (
            <div role="status">
              {leading && <p className={`${bidding.standing} ${bidding.leading} ${bidding.won}`}>You won</p>}
              <p className="sale-closed">{SALE_CLOSED}</p>
            </div>
          ) : (
            <OfferForm
              item={item}
              onAnswer={applyAnswer}
              member={signedIn ? { hasAddress } : null}
              initialAmount={search.get("amount") ?? ""}
              standing={
                leading ? { leading: true, maxCents: mine?.maxCents ?? null } : outbid ? { leading: false } : null
              }
              on="lot"
              notice
            />
          )}
        </aside>

        <div className={styles.details}>
          <section className={styles.section} aria-labelledby="lot-history">
            <h2 id="lot-history">Bids</h2>
            {item.bidCount === 0 ? (
              <p className={styles.muted}>No bids yet. {closed ? "" : "Yours could be the first."}</p>
            ) : (
              <BidHistory history={shownHistory} count={item.bidCount} you={mine?.tag} open />
            )}
          </section>
          <section className={styles.section} aria-labelledby="lot-description">
            <h2 id="lot-description">Description</h2>
            <p className={item.description ? styles.description : styles.muted}>
              {item.description || "The seller has not described this lot."}
            </p>
          </section>
          <section className={styles.section} aria-labelledby="lot-shipping">
            <h2 id="lot-shipping">Shipping</h2>
            <p>
              The winner's lot ships to the shipping address saved in their{" "}
              {signedIn ? <Link to="/settings">Settings</Link> : "Settings"}, within the United States.
              {item.endsAt !== null && !closed && ` Bidding ends ${endsAtLabelSafe(item.endsAt, now)}.`}
            </p>
          </section>
        </div>
      </div>
    </article>
  );
}

/** The end in the reader's words once hydrated (the server does not know their time zone). */
function endsAtLabelSafe(endsAt: number, now: number | null) {
  return now === null ? `${new Date(endsAt).toISOString().slice(0, 16).replace("T", " ")} UTC` : endsAtLabel(endsAt);
}
