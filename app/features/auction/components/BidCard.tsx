// One lot card of the gallery: the item's picture (or a generated cover) and title, both linking to
// the lot's own page, then what a bidder looks for first — the price, the time left (a countdown
// that follows soft-close extensions), the number of bids and their own standing — then the seed's
// offer form, the bid history, and the lot number and code in small print.
import { useId } from "react";
import { Link } from "react-router";
import { MediaPlayer } from "../../../components/media/MediaPlayer";
import { GeneratedCover } from "../../../components/ui/GeneratedCover";
import { formatMoney } from "../../../kernel/format";
import { SALE_CLOSED } from "../../../kernel/schemas/auction-messages";
import type { GalleryItem } from "../pages/gallery.server";
import { BidHistory } from "./BidHistory";
import styles from "./bidding.module.css";
import { type Answered, lotPath, OfferForm } from "./OfferForm";
import { TimeLeft } from "./TimeLeft";
import type { LiveItem } from "./use-live-items";

export type CardItem = GalleryItem & { leader: string | null };

export function BidCard({
  item,
  live,
  detail,
  now,
  onAnswer,
  member,
  initialAmount,
}: {
  item: CardItem;
  live: boolean;
  detail: LiveItem | undefined;
  now: number | null;
  onAnswer: (answer: Answered) => void;
  /** The signed-in member (whether they saved a shipping address), or null for a visitor. */
  member: { hasAddress: boolean } | null;
  initialAmount: string;
}) {
  const closed = item.status === "closed";
  const titleId = useId();
  const you = detail?.you;
  const leading = Boolean(you && item.leader === you.tag);
  const outbid = Boolean(you && you.maxCents !== null && !leading);
  return (
    <li
      id={`item-${item.shortCode}`}
      className={`bid-card${closed ? " closed" : ""}`}
      aria-labelledby={titleId}
      data-code={item.shortCode}
    >
      <Media item={item} />
      <div className="bid-body">
        {/* Beside the thumbnail on a phone (auction.css). */}
        <div className="bid-head">
          <div className="bid-title-row">
            <h2 id={titleId}>
              <Link to={lotPath(item.shortCode)} className="bid-title-link">
                {item.title}
              </Link>
            </h2>
            {/* A closed lot says so once: the seed's 'Sale Closed' below, no chip beside the title. */}
            {!closed && live && (
              <span className="live-pill" title="Prices update live">
                Live
              </span>
            )}
          </div>
          <div className={styles.priceRow}>
            <div>
              <p className={styles.label}>{closed ? "Final price" : "Current price"}</p>
              <p className={`bid-price ${styles.price}`} aria-live="polite">
                {formatMoney(item.priceCents)}
              </p>
            </div>
            <p className={styles.bids}>
              {item.bidCount === 1 ? "1 bid" : `${new Intl.NumberFormat().format(item.bidCount)} bids`}
            </p>
          </div>
          {/* Every open lot says how long it runs, in the same place on every card. */}
          {!closed &&
            (item.endsAt !== null ? (
              <TimeLeft endsAt={item.endsAt} now={now} compact />
            ) : (
              <p className="bid-ends">
                <span className={styles.countdown}>Open for offers</span>,{" "}
                <span className="muted">no end date yet</span>
              </p>
            ))}
        </div>
        {closed ? (
          <div role="status">
            {leading && <p className={`${styles.standing} ${styles.leading} ${styles.won}`}>You won</p>}
            <p className="sale-closed">{SALE_CLOSED}</p>
          </div>
        ) : (
          <OfferForm
            item={item}
            onAnswer={onAnswer}
            member={member}
            initialAmount={initialAmount}
            standing={leading ? { leading: true, maxCents: you?.maxCents ?? null } : outbid ? { leading: false } : null}
          />
        )}
        {item.description && <p className="bid-description">{item.description}</p>}
        <Sounds item={item} />
        <BidHistory history={detail?.history} count={item.bidCount} you={you?.tag} />
        {/* Seed 001 §14 keeps the ticket number and product code on the card: small print, in the lot page's words. */}
        <p className={`bid-small-print ${styles.meta}`}>
          Lot #{item.ticketNumber} · Code <span className="bid-code">{item.shortCode}</span>
        </p>
      </div>
    </li>
  );
}

const isVisual = (media: GalleryItem["media"][number]) => media.kind === "image" || media.kind === "video";

function Media({ item }: { item: GalleryItem }) {
  const seen = item.media.filter(isVisual);
  if (seen.length === 0) {
    // The title beside it is the link a keyboard or screen reader uses; the cover is a second target for a pointer.
    return (
      <Link to={lotPath(item.shortCode)} className="bid-media" tabIndex={-1} aria-hidden="true">
        <GeneratedCover title={item.title} className="bid-cover" />
      </Link>
    );
  }
  // Pictures and videos share the strip (scrolled or swiped through when there are several).
  return (
    <div className="bid-media">
      <div className={`bid-visuals${seen.length > 1 ? " several" : ""}`}>
        {seen.map((media) => (
          <Medium key={media.url} item={item} media={media} />
        ))}
      </div>
    </div>
  );
}

/** A sound has no picture: its player goes under the lot's words, so every tile's photo and title line up. */
function Sounds({ item }: { item: GalleryItem }) {
  const rest = item.media.filter((media) => !isVisual(media));
  if (rest.length === 0) return null;
  return (
    <div className="bid-sounds">
      {rest.map((media) => (
        <Medium key={media.url} item={item} media={media} />
      ))}
    </div>
  );
}

function Medium({ item, media }: { item: GalleryItem; media: GalleryItem["media"][number] }) {
  const label = `${item.title}: ${media.fileName}`;
  if (media.kind === "image")
    return (
      // The title is the card's link for a keyboard; the photo is one more target for a pointer.
      <Link to={lotPath(item.shortCode)} className="bid-photo" tabIndex={-1}>
        <img
          src={media.url}
          srcSet={media.srcSet}
          sizes="(min-width: 640px) 24rem, calc(100vw - 2rem)"
          alt={label}
          loading="lazy"
        />
      </Link>
    );
  if (media.kind === "video" || media.kind === "audio")
    return (
      <div className={styles.lotPlayer}>
        <MediaPlayer kind={media.kind} src={media.url} label={label} />
      </div>
    );
  return <a href={media.url}>{media.fileName}</a>;
}
