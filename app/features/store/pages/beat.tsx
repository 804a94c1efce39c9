// A beat's own page (/digiprev/:userId/:productId, issue 28 §4; issue 45 item 4, like a BeatStars
// track page): the cover and title large, the seller, the chips (BPM, key, genre, mood, tags), the
// waveform player (named by the title, never a file name), the description; beside it the licences as
// cards (name, price, what you get, terms on expand) and 'Add to Cart' on the chosen one, which opens
// the cart drawer; then the address to share. Rendered on the server with Open Graph and Twitter tags.
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/Button";
import { Input } from "../../../components/ui/Field";
import { formatMoney } from "../../../kernel/format";
import { LICENCE_NAMES } from "../../../kernel/licences";
import { shareMeta } from "../../../lib/share-meta";
import { CartDrawerSlot } from "../components/CartDrawerSlot";
import { DirectDownload, FreeDownloadForm } from "../components/FreeDownloadForm";
import {
  AddToCart,
  Chips,
  Cover,
  PricePill,
  ProductFiles,
  productPath,
  Stock,
  sellerName,
  storePath,
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
  const { product, seller, own, signedIn, viewerId, origin, inCart, cartTierId, owned } = loaderData;
  const cart = useAddToCart(signedIn, viewerId);
  const href = productPath(seller.id, product.id);
  const address = new URL(href, origin).href;
  const [copied, setCopied] = useState<string | null>(null);
  const options = tierOptions(product, seller.username);
  // The cheapest licence is chosen to begin with, matching the header's 'from' price; a beat in the
  // cart opens on the licence it is there with.
  const [tierId, setTierId] = useState<string | null>(inCart ? cartTierId : (options[0]?.id ?? null));
  const name = sellerName(seller);
  return (
    <section className="store-page">
      <p className={styles.back}>
        <Link to={storePath(seller.id)}>← More from {name}</Link>
      </p>
      <header className={styles.hero}>
        <Cover product={product} className={`${styles.cover} ${styles.heroCover}`} />
        <div className={styles.heroText}>
          <h1 className={styles.heroTitle}>
            {product.title}
            {product.accessType === "private" && <span className={styles.badge}>Private</span>}
          </h1>
          <p className={styles.heroSeller}>
            by <Link to={storePath(seller.id)}>{name}</Link>
          </p>
          <Chips product={product} more />
          <p className={styles.heroPrice}>
            <PricePill product={product} />
            {product.quantity !== null && <Stock quantity={product.quantity} />}
          </p>
        </div>
      </header>
      <div className={styles.product}>
        <div>
          <h2>Listen</h2>
          <ProductFiles product={product} own={own} artist={name} href={href} />
          {product.description && <p className={styles.description}>{product.description}</p>}
        </div>
        <aside className={styles.buyBox} aria-labelledby="licence-heading">
          <TierPicker options={options} chosen={tierId} onChoose={setTierId} free={product.licenseType === "free"} />
          {!own && (
            <AddToCart
              product={product}
              cart={cart}
              tierId={tierId}
              // In the cart with another licence: 'Add to Cart' switches it to the chosen one.
              held={owned ? "owned" : inCart && cartTierId === tierId ? "in_cart" : null}
            />
          )}
          {!own &&
            product.licenseType === "free" &&
            product.accessType === "public-read" &&
            (product.freeAsksEmail ? (
              <FreeDownloadForm productId={product.id} producer={seller.username} />
            ) : (
              <DirectDownload productId={product.id} files={product.files} />
            ))}
          <div className={styles.shareBlock}>
            <h2>Share</h2>
            <div className={styles.share}>
              <label className="visually-hidden" htmlFor="share-address">
                Link to this product
              </label>
              <Input id="share-address" readOnly value={address} onFocus={(event) => event.currentTarget.select()} />
              <Button
                onClick={() =>
                  navigator.clipboard.writeText(address).then(
                    () => setCopied("Link copied."),
                    () => setCopied("Select the link and copy it."),
                  )
                }
              >
                Copy link
              </Button>
            </div>
            <p role="status" className={styles.licence}>
              {copied}
            </p>
          </div>
        </aside>
      </div>
      <CartDrawerSlot cart={cart} viewerId={viewerId} />
    </section>
  );
}
