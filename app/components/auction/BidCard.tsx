// One card of the gallery: the item's media, price, code, end time (with a countdown once
// hydrated), and its offer form or 'Sale Closed'.
import { useEffect, useId, useState } from "react";
import type { ItemState } from "../../lib/protocols/bid-item";
import { SALE_CLOSED, SOFT_CLOSE_MS } from "../../lib/schemas/auction";
import { formatMoney } from "../../lib/schemas/money";
import type { GalleryItem } from "../../routes/bidgallery.server";
import { OfferForm } from "./OfferForm";

export function BidCard({
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
      {item.media.map((media) => {
        const label = `${item.title}: ${media.fileName}`;
        if (media.kind === "image") return <img key={media.url} src={media.url} alt={label} loading="lazy" />;
        if (media.kind === "video")
          return <video key={media.url} src={media.url} controls preload="metadata" aria-label={label} />;
        if (media.kind === "audio")
          return <audio key={media.url} src={media.url} controls preload="none" aria-label={label} />;
        return (
          <a key={media.url} href={media.url}>
            {media.fileName}
          </a>
        );
      })}
    </div>
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
export function useClock(ticking: boolean) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    if (!ticking) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [ticking]);
  return now;
}
