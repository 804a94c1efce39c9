// The auction gallery (/bidgallery, seed 001 screen 14): one lot card per bid
// item with its picture (or a generated cover) linking to the lot's own page
// (/bidgallery/:code), current price, time left, bids and an offer form. Every
// card holds a WebSocket to its item's BidItem Durable Object, so new prices,
// the bid history, 'Sale Closed', soft-close extensions and the member's own
// state (highest bidder, outbid, won) show at once, without reload. A
// signed-in member can also submit an item of their own for the admin's approval.
import { useCallback, useState } from "react";
import { Link, type ShouldRevalidateFunctionArgs, useActionData, useSearchParams } from "react-router";
import { NEED_ADDRESS_NOTICE } from "../../../kernel/schemas/auction-messages";
import { shareMeta } from "../../../lib/share-meta";
import { BidCard } from "../components/BidCard";
import { IncrementTable } from "../components/BidIncrements";
import { GalleryMemberItemForm } from "../components/GalleryMemberItemForm";
import type { Answered } from "../components/OfferForm";
import { useClock } from "../components/TimeLeft";
import { type LiveItem, type LiveMessage, useLiveItems } from "../components/use-live-items";
import type { Route } from "./+types/gallery";
import type { GalleryAction } from "./gallery.server";
import "../auction.css";

export { action, loader } from "./gallery.server";

const GALLERY_TITLE = "The Great International Empire Auction";

export function meta({ loaderData }: Route.MetaArgs) {
  const items = loaderData?.items ?? [];
  // A signed link lasts an hour: good enough for a preview fetched when the link is shared.
  const picture = items.flatMap((item) => item.media).find((medium) => medium.kind === "image");
  return shareMeta({
    origin: loaderData?.origin ?? "http://localhost",
    path: "/bidgallery",
    title: "Auction",
    description: items.length
      ? `${GALLERY_TITLE}: ${items.map((item) => item.title).join(", ")}. Make an offer.`
      : `${GALLERY_TITLE}: make an offer on one-of-a-kind items.`,
    image: picture?.url,
  });
}

/** Offers and member items change nothing in the listing that the live sockets do not already bring. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get("intent");
  if (intent === "offer" || intent === "member-item") return false;
  return defaultShouldRevalidate;
}

export default function BidGallery({ loaderData }: Route.ComponentProps) {
  const { items, signedIn, hasAddress } = loaderData;
  const [live, setLive] = useState<Record<string, LiveItem>>({});
  const apply = useCallback((message: LiveMessage) => {
    setLive((current) => {
      if (message.type === "you") {
        const known = current[message.shortCode];
        return { ...current, [message.shortCode]: { ...known, you: { tag: message.tag, maxCents: message.maxCents } } };
      }
      const known = current[message.item.shortCode];
      // Never go backwards: an offer's answer may already have brought a newer item than the socket's.
      const state = known?.state && known.state.version > message.item.version ? known.state : message.item;
      return { ...current, [message.item.shortCode]: { ...known, state, history: message.history } };
    });
  }, []);
  // An accepted bid's answer: the item as the object left it (kept if no newer state came live) and
  // the member's own tag and maximum, so their standing shows even before their socket says it.
  const applyAnswer = useCallback(({ item, tag, maxCents }: Answered) => {
    setLive((current) => {
      const known = current[item.shortCode];
      const state = known?.state && known.state.version > item.version ? known.state : item;
      return { ...current, [item.shortCode]: { ...known, state, you: { tag, maxCents } } };
    });
  }, []);
  const connected = useLiveItems(
    items.map((item) => item.shortCode),
    apply,
  );
  // An accepted offer's answer carries the item as the Durable Object left it: newer than the
  // listing (D1 catches up after the answer, ADR 016), so it counts like a live message.
  const actionData = useActionData<GalleryAction>();
  const answered = actionData && "item" in actionData ? actionData.item : undefined;
  const shown = items.map((item) => {
    const socket = live[item.shortCode]?.state;
    const fromAnswer = answered?.shortCode === item.shortCode ? answered : undefined;
    const state =
      socket && fromAnswer ? (socket.version >= fromAnswer.version ? socket : fromAnswer) : (socket ?? fromAnswer);
    return state
      ? {
          ...item,
          priceCents: state.priceCents,
          status: state.status,
          endsAt: state.endsAt,
          bidCount: state.bids,
          leader: state.leader,
        }
      : { ...item, leader: null };
  });
  const now = useClock(shown.some((item) => item.status === "open" && item.endsAt !== null));
  // Back from Settings (the link under a card's form): that card's typed amount, kept in the URL.
  const [search] = useSearchParams();
  const returnedTo = search.get("item");

  return (
    <section className="auction auction-ui">
      <header className="auction-heading">
        <h1>{GALLERY_TITLE}</h1>
        <p className="muted">
          Make an offer above the current price, or set a maximum and we bid for you. Prices update live.
        </p>
        <IncrementTable />
        {signedIn && !hasAddress && shown.some((item) => item.status === "open") && (
          // Once for the whole gallery, not on every card; a lot's own page says it at its offer panel.
          <p className="auction-notice" role="note">
            {NEED_ADDRESS_NOTICE}{" "}
            <Link to={`/settings?returnTo=${encodeURIComponent("/bidgallery")}`}>
              Add a shipping address in Settings
            </Link>
            , and you'll come back here.
          </p>
        )}
      </header>
      {shown.length === 0 ? (
        <p className="empty-state">No items are up for auction yet. Check back soon.</p>
      ) : (
        <ul className="bid-grid" aria-label="Bid items">
          {shown.map((item) => (
            <BidCard
              key={item.shortCode}
              item={item}
              live={connected.has(item.shortCode)}
              detail={live[item.shortCode]}
              now={now}
              onAnswer={applyAnswer}
              member={signedIn ? { hasAddress } : null}
              initialAmount={returnedTo === item.shortCode ? (search.get("amount") ?? "") : ""}
            />
          ))}
        </ul>
      )}
      {signedIn && <GalleryMemberItemForm />}
    </section>
  );
}
