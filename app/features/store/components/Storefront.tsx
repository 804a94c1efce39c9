// The public store's pieces (issue 28 §4, issue 45 item 4): the seller's header, one row per beat for
// the track list (cover, title, chips, play, lowest price, 'Add to Cart'), and what the beat's own
// page shares with it. Listeners see the product's title, never a file name.
import { useState } from "react";
import { Link } from "react-router";
import type { ProductView, SellerView } from "../../../../worker/domain/store/views";
import { playTrack, useNowPlaying, usePaused } from "../../../components/media/now-playing";
import { Button, buttonClass } from "../../../components/ui/Button";
import { GeneratedCover, toneOf } from "../../../components/ui/GeneratedCover";
import { Outcome } from "../../../components/ui/Outcome";
import { formatMoney } from "../../../kernel/format";
import { LICENSE_LABELS } from "../../../kernel/schemas/products-messages";
import { api, call } from "../../../lib/api-client";
import { clock } from "../../../lib/media-time";
import { AudioPlayer } from "./AudioPlayer";
import styles from "./Storefront.module.css";
import type { LicenceChoice, useAddToCart } from "./useAddToCart";

/** One listen of a product's preview, for the seller's play count; a lost count is not worth an error. */
export function countPreviewPlay(productId: string) {
  void call(api.products[":productId"].plays.$post({ param: { productId } })).catch(() => undefined);
}

export const PREVIEW_PENDING = {
  none: "Preview coming soon",
  queued: "Preview coming soon",
  running: "Preview coming soon",
  done: "",
  failed: "No preview available",
};

const COUNT = new Intl.NumberFormat("en-US");
const COMPACT = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
const SINCE = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

export const productPath = (sellerId: string, productId: string) =>
  `/digiprev/${encodeURIComponent(sellerId)}/${encodeURIComponent(productId)}`;
export const storePath = (sellerId: string) => `/digiprev/${encodeURIComponent(sellerId)}`;

/** The name a seller shows: the account's name, or the username when the name is blank. */
export const sellerName = (seller: Pick<SellerView, "name" | "username">) => seller.name.trim() || seller.username;

const plural = (n: number, one: string, many: string) => `${COUNT.format(n)} ${n === 1 ? one : many}`;

export function SellerHeader({
  seller,
  stats,
  own,
}: {
  seller: SellerView;
  stats: { beats: number; plays: number; sales: number };
  own: boolean;
}) {
  const name = sellerName(seller);
  // No bio or links are kept for a seller: the line says who they are in facts instead.
  return (
    <header className={styles.sellerHeader}>
      <div
        className={styles.banner}
        style={{ backgroundImage: `linear-gradient(120deg, var(--cover-${toneOf(seller.username)}))` }}
        aria-hidden="true"
      />
      <div className={styles.sellerBody}>
        <GeneratedCover title={name} className={styles.avatar} />
        <div className={styles.sellerText}>
          <h1 className={styles.sellerName}>{name}</h1>
          <p className={styles.sellerMeta}>
            <span>@{seller.username}</span>
            <span>Selling since {SINCE.format(new Date(seller.createdAt))}</span>
          </p>
          <ul className={styles.sellerCounts} aria-label="The store in numbers">
            <li>
              <strong>{COUNT.format(stats.beats)}</strong> {stats.beats === 1 ? "beat" : "beats"}
            </li>
            <li>
              <strong>{COUNT.format(stats.sales)}</strong> {stats.sales === 1 ? "sale" : "sales"}
            </li>
            {stats.plays > 0 && (
              <li title={plural(stats.plays, "play", "plays")}>
                <strong>{COMPACT.format(stats.plays)}</strong> {stats.plays === 1 ? "play" : "plays"}
              </li>
            )}
          </ul>
          {own && (
            <p className={styles.ownNote}>
              Your store, as buyers see it (private products are marked). <Link to="/digimanager">Manage products</Link>
            </p>
          )}
        </div>
      </div>
    </header>
  );
}

/** The lowest price a beat sells for: its own licence or its cheapest tier. */
export function lowestPrice(product: Pick<ProductView, "licenseType" | "priceCents" | "tiers">) {
  const own = product.licenseType === "free" ? 0 : product.priceCents;
  const prices = [own, ...product.tiers.map((tier) => tier.priceCents)];
  return { cents: Math.min(...prices), several: new Set(prices).size > 1 };
}

/**
 * What a row says about licences: the one licence it sells, or how many there are and the cheapest's
 * name — the one the price pill's "from" buys.
 */
export function licenceLine(product: Pick<ProductView, "licenseType" | "priceCents" | "tiers">) {
  if (product.tiers.length === 0) return LICENSE_LABELS[product.licenseType];
  const own = { name: LICENSE_LABELS[product.licenseType], priceCents: lowestPrice({ ...product, tiers: [] }).cents };
  const cheapest = [own, ...product.tiers].reduce((a, b) => (b.priceCents < a.priceCents ? b : a));
  return `${product.tiers.length + 1} licences · ${cheapest.name}`;
}

export function PricePill({ product }: { product: Pick<ProductView, "licenseType" | "priceCents" | "tiers"> }) {
  const { cents, several } = lowestPrice(product);
  return (
    <span className={styles.pricePill}>
      {cents === 0 ? "Free" : several ? `from ${formatMoney(cents)}` : formatMoney(cents)}
    </span>
  );
}

/** How many are left, when the seller set a quantity. */
export function Stock({ quantity }: { quantity: number }) {
  return <span className={styles.licence}>{quantity === 0 ? "Sold out" : `${COUNT.format(quantity)} left`}</span>;
}

/** BPM · key · genre (and the mood on the beat's page) as chips. */
export function Chips({
  product,
  more = false,
}: {
  product: Pick<ProductView, "bpm" | "musicalKey" | "genre" | "mood" | "tags">;
  more?: boolean;
}) {
  const chips = [
    product.bpm ? `${product.bpm} BPM` : null,
    product.musicalKey,
    product.genre,
    ...(more ? [product.mood, ...product.tags.map((tag) => `#${tag}`)] : []),
  ].filter((chip): chip is string => Boolean(chip));
  if (chips.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label="Details">
      {chips.map((chip) => (
        <li key={chip}>{chip}</li>
      ))}
    </ul>
  );
}

export function Cover({
  product,
  className,
}: {
  product: Pick<ProductView, "coverUrl" | "title">;
  className?: string;
}) {
  return product.coverUrl ? (
    <img className={className ?? styles.cover} src={product.coverUrl} alt={`Cover of ${product.title}`} />
  ) : (
    <GeneratedCover title={product.title} className={className ?? styles.cover} />
  );
}

/**
 * A beat's previews on its own page: one main player (the first preview, its large waveform) and,
 * when there are more, a compact "More previews" list under it whose buttons load one into the main
 * player and play it. Named by the beat's title (and the preview's number when there are several),
 * never by the file's name; a visitor's listens are counted for the seller.
 */
export function ProductFiles({
  product,
  own,
  artist,
  href,
}: {
  product: Pick<ProductView, "id" | "files"> & Partial<Pick<ProductView, "title" | "coverUrl">>;
  own: boolean;
  artist?: string;
  href?: string;
}) {
  const [chosen, setChosen] = useState(0);
  const [autoPlay, setAutoPlay] = useState(false);
  const title = product.title ?? "Preview";
  const count = product.files.length;
  // Several previews: which one first, so a clipped label still tells them apart.
  const labelOf = (i: number) => (count > 1 ? `Preview ${i + 1} of ${count}: ${title}` : title);
  const index = chosen < count ? chosen : 0;
  const file = product.files[index];
  if (!file) return null;
  const label = labelOf(index);
  return (
    <div className={styles.files}>
      <ul className="audio-list">
        <li>
          <AudioPlayer
            key={file.id}
            src={file.previewUrl}
            label={label}
            peaks={file.peaks}
            durationSeconds={file.durationSeconds}
            pending={PREVIEW_PENDING[file.previewStatus]}
            autoPlay={autoPlay}
            track={{ id: product.id, title: label, artist, coverUrl: product.coverUrl, href }}
            onListen={own ? undefined : () => countPreviewPlay(product.id)}
          />
        </li>
      </ul>
      {count > 1 && (
        <section className={styles.morePreviews} aria-labelledby={`more-previews-${product.id}`}>
          <h3 id={`more-previews-${product.id}`}>More previews</h3>
          <ul>
            {product.files.map((other, i) =>
              i === index ? null : (
                <li key={other.id}>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={!other.previewUrl}
                    aria-label={`Play ${labelOf(i)}`}
                    onClick={() => {
                      setAutoPlay(true);
                      setChosen(i);
                    }}
                  >
                    <span aria-hidden="true">▶</span> Preview {i + 1}
                  </Button>
                  <span className={styles.licence}>
                    {other.previewUrl ? clock(other.durationSeconds) : PREVIEW_PENDING[other.previewStatus]}
                  </span>
                </li>
              ),
            )}
          </ul>
        </section>
      )}
    </div>
  );
}

/** What the buyer holds of a beat, as the server said: in their cart, or bought already. */
export type Held = "in_cart" | "owned" | null;

export function AddToCart({
  product,
  cart,
  tierId = null,
  size = "md",
  choice = null,
  held = null,
}: {
  product: Pick<ProductView, "id" | "title">;
  cart: ReturnType<typeof useAddToCart>;
  tierId?: string | null;
  size?: "sm" | "md";
  /** Several licences: the button opens the chooser instead of adding. */
  choice?: LicenceChoice | null;
  /** From the page's loader: shown in place of the button. */
  held?: Held;
}) {
  const { add, adding, notice, checkoutPath } = cart;
  const mine = notice?.productId === product.id ? notice : null;
  const state = mine?.state === "owned" || held === "owned" ? "owned" : held;
  if (state === "owned")
    return (
      <p className={size === "md" ? `${styles.added} ${styles.heldBox}` : styles.added}>
        <span>
          You own this <span aria-hidden="true">✓</span>
        </span>
        {size === "sm" && " · "}
        {size === "md" ? (
          <Link to="/purchases" className={buttonClass("secondary")}>
            Download<span className="visually-hidden"> {product.title}</span> in Purchases
          </Link>
        ) : (
          <Link to="/purchases" aria-label={`Download ${product.title} in Purchases`}>
            Purchases
          </Link>
        )}
      </p>
    );
  // Stays once the drawer is closed, beside the button, covering nothing (the drawer announced it).
  const inCart =
    (state === "in_cart" || (mine?.ok && mine.state !== "owned")) && adding !== product.id ? (
      <p className={size === "md" ? `${styles.added} ${styles.heldBox}` : styles.added}>
        <span>
          In your cart <span aria-hidden="true">✓</span>
        </span>
        {checkoutPath && (
          <>
            {size === "sm" && " · "}
            <Link
              to={checkoutPath}
              data-cart-focus={product.id}
              className={size === "md" ? buttonClass("secondary") : undefined}
            >
              View cart
            </Link>
          </>
        )}
      </p>
    ) : null;
  if (state === "in_cart") return inCart;
  return (
    <>
      <Button
        variant="primary"
        size={size}
        busy={adding === product.id}
        busyLabel="Adding..."
        onClick={() => (choice ? cart.choose(choice) : void add(product.id, tierId))}
      >
        Add to Cart<span className="visually-hidden"> {product.title}</span>
      </Button>
      {mine && !mine.ok && <Outcome message={mine} className={styles.failure} />}
      {inCart}
    </>
  );
}

/** The row's play button: the sticky bar plays the beat's first preview; the same button pauses it. */
function PlayButton({
  product,
  artist,
  href,
  own,
}: {
  product: ProductView;
  artist: string;
  href: string;
  own: boolean;
}) {
  const now = useNowPlaying();
  const paused = usePaused();
  const preview = product.files.find((file) => file.previewUrl);
  if (!preview?.previewUrl) return null;
  const sounding = now?.track?.id === product.id && !paused;
  return (
    <Button
      variant="primary"
      className={styles.play}
      aria-label={`${sounding ? "Pause" : "Play"} ${product.title}`}
      aria-pressed={sounding}
      onClick={() => {
        const fresh = playTrack(preview.previewUrl!, {
          id: product.id,
          title: product.title,
          artist,
          coverUrl: product.coverUrl,
          href,
          peaks: preview.peaks,
        });
        if (fresh && !own) countPreviewPlay(product.id);
      }}
    >
      <span aria-hidden="true">{sounding ? "❚❚" : "▶"}</span>
    </Button>
  );
}

export function TrackRow({
  seller,
  product,
  own,
  cart,
  held = null,
}: {
  seller: SellerView;
  product: ProductView;
  own: boolean;
  cart: ReturnType<typeof useAddToCart>;
  held?: Held;
}) {
  const href = productPath(seller.id, product.id);
  const artist = sellerName(seller);
  const pending = !product.files.some((file) => file.previewUrl)
    ? (PREVIEW_PENDING[product.files[0]?.previewStatus ?? "none"] ?? "")
    : "";
  return (
    <article className={styles.row} aria-label={product.title}>
      <div className={styles.rowCover}>
        <Cover product={product} className={styles.thumb} />
        <PlayButton product={product} artist={artist} href={href} own={own} />
      </div>
      <div className={styles.rowText}>
        <h3 className={styles.rowTitle}>
          <Link to={href}>{product.title}</Link>
          {product.accessType === "private" && <span className={styles.badge}>Private</span>}
        </h3>
        <div className={styles.rowMeta}>
          <Chips product={product} />
          <span className={styles.licence}>{licenceLine(product)}</span>
          {product.quantity !== null && <Stock quantity={product.quantity} />}
          {pending && <span className={styles.licence}>{pending}</span>}
        </div>
      </div>
      <div className={styles.rowBuy}>
        <PricePill product={product} />
        {!own && (
          <AddToCart
            product={product}
            cart={cart}
            size="sm"
            choice={product.tiers.length > 0 ? { product, producer: seller.username } : null}
            held={held}
          />
        )}
      </div>
    </article>
  );
}

export { styles as storefrontStyles };
