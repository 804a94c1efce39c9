// A product's own page (/digiprev/:userId/:productId, issue 28 §4): the address to share, the
// previews, the price and — before anyone pays — the licence's terms, then 'Add to Cart'. Rendered
// on the server with Open Graph and Twitter card tags.
import { useState } from "react";
import { Link } from "react-router";
import { formatMoney } from "../../../kernel/format";
import { LICENCE_NAMES } from "../../../kernel/licences";
import { shareMeta } from "../../../lib/share-meta";
import { DirectDownload, FreeDownloadForm } from "../components/FreeDownloadForm";
import {
  AddToCart,
  Cover,
  PriceLine,
  ProductFiles,
  productPath,
  storefrontStyles as styles,
} from "../components/Storefront";
import { TierPicker, tierOptions } from "../components/TierPicker";
import { useAddToCart } from "../components/useAddToCart";
import type { Route } from "./+types/beat";
import "../store.css";

export { loader } from "./beat.server";

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Not Found · Creator Platform" }];
  const { product, seller, origin } = loaderData;
  const price = product.licenseType === "free" ? "Free" : formatMoney(product.priceCents);
  return shareMeta({
    origin,
    path: productPath(seller.id, product.id),
    title: `${product.title} by ${seller.username}`,
    description: `${price} · ${LICENCE_NAMES[product.licenseType]}. ${product.description}`,
    image: product.coverUrl,
    type: "music.song",
  });
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, seller, own, signedIn, origin } = loaderData;
  const cart = useAddToCart(signedIn);
  const address = new URL(productPath(seller.id, product.id), origin).href;
  const [copied, setCopied] = useState<string | null>(null);
  const options = tierOptions(product, seller.username);
  const [tierId, setTierId] = useState<string | null>(null);
  const details = [product.genre, product.mood, product.bpm ? `${product.bpm} BPM` : null, product.musicalKey].filter(
    Boolean,
  );
  return (
    <section className="store-page">
      <p>
        <Link to={`/digiprev/${encodeURIComponent(seller.id)}`}>More from {seller.username}</Link>
      </p>
      <div className={styles.product}>
        <div>
          <Cover product={product} />
          <h1 className={styles.title}>
            {product.title}
            {product.accessType === "private" && <span className={styles.badge}>Private</span>}
          </h1>
          <p className={styles.sellerMeta}>by {seller.username}</p>
          {details.length > 0 && <p className={styles.sellerMeta}>{details.join(" · ")}</p>}
          {product.tags.length > 0 && <p className={styles.sellerMeta}>Tags: {product.tags.join(", ")}</p>}
          {product.description && <p>{product.description}</p>}
          <h2>Previews</h2>
          <ProductFiles product={product} own={own} />
        </div>
        <aside className={styles.buyBox} aria-labelledby="licence-heading">
          <PriceLine product={product} />
          <TierPicker options={options} chosen={tierId} onChoose={setTierId} free={product.licenseType === "free"} />
          {!own && <AddToCart product={product} cart={cart} tierId={tierId} />}
          {!own &&
            product.licenseType === "free" &&
            product.accessType === "public-read" &&
            (product.freeAsksEmail ? (
              <FreeDownloadForm productId={product.id} producer={seller.username} />
            ) : (
              <DirectDownload productId={product.id} files={product.files} />
            ))}
          <h2>Share</h2>
          <div className={styles.share}>
            <label className="visually-hidden" htmlFor="share-address">
              Link to this product
            </label>
            <input id="share-address" readOnly value={address} onFocus={(event) => event.currentTarget.select()} />
            <button
              type="button"
              className="button"
              onClick={() =>
                navigator.clipboard.writeText(address).then(
                  () => setCopied("Link copied."),
                  () => setCopied("Select the link and copy it."),
                )
              }
            >
              Copy link
            </button>
          </div>
          <p role="status" className={styles.sellerMeta}>
            {copied}
          </p>
        </aside>
      </div>
    </section>
  );
}
