// The auction gallery (/bidgallery, seed 001 screen 14): one card per bid
// item with its media, current price and an offer form. Every card holds a
// WebSocket to its item's BidItem Durable Object, so new prices, 'Sale
// Closed' and soft-close extensions show at once, without reload. A signed-in
// member can also submit an item of their own for the admin's approval.
import { useCallback, useState } from "react";
import { type ShouldRevalidateFunctionArgs, useActionData } from "react-router";
import { BidCard, useClock } from "../components/auction/BidCard";
import { GalleryMemberItemForm } from "../components/auction/GalleryMemberItemForm";
import { useLiveItems } from "../components/auction/use-live-items";
import type { ItemState } from "../lib/protocols/bid-item";
import { shareMeta } from "../lib/share-meta";
import type { Route } from "./+types/bidgallery";
import type { GalleryAction } from "./bidgallery.server";
import "../styles/auction.css";

export { action, loader } from "./bidgallery.server";

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
  const { items, signedIn } = loaderData;
  const [live, setLive] = useState<Record<string, ItemState>>({});
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
  const actionData = useActionData<GalleryAction>();
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
      {signedIn && <GalleryMemberItemForm />}
    </section>
  );
}
