// The public store's pieces (issue 28 §4): the seller's header, a product card for the grid, and the
// price/licence line both the card and the product's own page show.
import { Link } from "react-router";
import type { ProductView } from "../../../../worker/domain/store/views";
import { GeneratedCover } from "../../../components/ui/GeneratedCover";
import { formatMoney } from "../../../kernel/format";
import { LICENSE_LABELS } from "../../../kernel/schemas/products-messages";
import { api, call } from "../../../lib/api-client";
import { AudioPlayer } from "./AudioPlayer";
import styles from "./Storefront.module.css";
import type { useAddToCart } from "./useAddToCart";

/** One listen of a product's preview, for the seller's play count; a lost count is not worth an error. */
function countPreviewPlay(productId: string) {
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

export const productPath = (sellerId: string, productId: string) =>
  `/digiprev/${encodeURIComponent(sellerId)}/${encodeURIComponent(productId)}`;

export function SellerHeader({ username, products, own }: { username: string; products: number; own: boolean }) {
  return (
    <header className={styles.sellerHeader}>
      <GeneratedCover title={username} className={styles.avatar} />
      <div>
        <p className={styles.sellerName}>
          <strong>{username}</strong>
        </p>
        <p className={styles.sellerMeta}>
          {COUNT.format(products)} {products === 1 ? "beat" : "beats"}
          {own && " · your store, as buyers see it (private products are marked)"}
        </p>
      </div>
    </header>
  );
}

export function PriceLine({ product }: { product: Pick<ProductView, "licenseType" | "priceCents" | "quantity"> }) {
  return (
    <div className={styles.priceRow}>
      <span className={styles.price}>{product.licenseType === "free" ? "Free" : formatMoney(product.priceCents)}</span>
      <span className={styles.licence}>{LICENSE_LABELS[product.licenseType]}</span>
      {product.quantity !== null && (
        <span className={styles.licence}>
          {product.quantity === 0 ? "Sold out" : `${COUNT.format(product.quantity)} left`}
        </span>
      )}
    </div>
  );
}

export function Cover({ product }: { product: Pick<ProductView, "coverUrl" | "title"> }) {
  return product.coverUrl ? (
    <img className={styles.cover} src={product.coverUrl} alt={`Cover of ${product.title}`} />
  ) : (
    <GeneratedCover title={product.title} className={styles.coverPlaceholder} wide />
  );
}

/** The previews; a visitor's listens are counted for the seller (the seller's own are not). */
export function ProductFiles({ product, own }: { product: Pick<ProductView, "id" | "files">; own: boolean }) {
  return (
    <ul className={`${styles.files} audio-list`}>
      {product.files.map((file) => (
        <li key={file.id}>
          <AudioPlayer
            src={file.previewUrl}
            label={file.fileName}
            peaks={file.peaks}
            durationSeconds={file.durationSeconds}
            pending={PREVIEW_PENDING[file.previewStatus]}
            onListen={own ? undefined : () => countPreviewPlay(product.id)}
          />
        </li>
      ))}
    </ul>
  );
}

export function AddToCart({
  product,
  cart,
  tierId = null,
}: {
  product: Pick<ProductView, "id" | "title">;
  cart: ReturnType<typeof useAddToCart>;
  tierId?: string | null;
}) {
  const { add, adding, notice } = cart;
  return (
    <>
      <button
        type="button"
        className="button primary"
        disabled={adding === product.id}
        onClick={() => void add(product.id, tierId)}
      >
        {adding === product.id ? "Adding..." : "Add to Cart"}
        <span className="visually-hidden"> {product.title}</span>
      </button>
      {notice?.productId === product.id && (
        <p role={notice.ok ? "status" : "alert"} className={notice.ok ? styles.success : styles.failure}>
          {notice.text}
        </p>
      )}
    </>
  );
}

export function ProductCard({
  sellerId,
  product,
  own,
  cart,
}: {
  sellerId: string;
  product: ProductView;
  own: boolean;
  cart: ReturnType<typeof useAddToCart>;
}) {
  return (
    <article className={styles.card} aria-label={product.title}>
      <Cover product={product} />
      <div className={styles.body}>
        <h2 className={styles.title}>
          <Link to={productPath(sellerId, product.id)}>{product.title}</Link>
          {product.accessType === "private" && <span className={styles.badge}>Private</span>}
        </h2>
        <PriceLine product={product} />
        {product.description && <p className={styles.description}>{product.description}</p>}
        <ProductFiles product={product} own={own} />
        <div className={styles.actions}>{!own && <AddToCart product={product} cart={cart} />}</div>
      </div>
    </article>
  );
}

export { styles as storefrontStyles };
