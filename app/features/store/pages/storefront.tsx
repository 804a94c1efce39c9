// 'Browse Digital Products' (/digiprev/:userId, seed 001 screen 3; issue 45 item 4, like BeatStars and
// Airbit): the seller's header (banner, name, counts), one compact search-and-filter bar (a drawer on a
// phone), and the track list — one row per beat with its cover, title (linking to the beat's own page),
// BPM · key · genre chips, a play button feeding the sticky player, the lowest price and 'Add to
// Cart', which opens the cart drawer. Visitors may browse; adding needs sign-in, and the visitor comes
// back here afterwards. Rendered on the server with Open Graph and Twitter card tags.

import { NO_PRODUCTS } from "../../../kernel/schemas/products-messages";
import { shareMeta } from "../../../lib/share-meta";
import { CartDrawerSlot } from "../components/CartDrawerSlot";
import { StoreFilters } from "../components/StoreFilters";
import { SellerHeader, sellerName, storePath, storefrontStyles as styles, TrackRow } from "../components/Storefront";
import { useAddToCart } from "../components/useAddToCart";
import type { Route } from "./+types/storefront";
import "../store.css";

export { loader } from "./storefront.server";

export function meta({ loaderData, params }: Route.MetaArgs) {
  const seller = loaderData?.seller;
  if (!seller) return [{ title: "Browse Digital Products · Creator Platform" }];
  const titles = loaderData.products.map((product) => product.title);
  const name = sellerName(seller);
  return shareMeta({
    origin: loaderData.origin,
    path: `/digiprev/${params.userId}`,
    title: `${seller.username}'s store`,
    description: titles.length
      ? `Beats by ${name}: ${titles.join(", ")}. Listen to the previews and license them.`
      : `Beats by ${name}.`,
    image: loaderData.products.find((product) => product.coverUrl)?.coverUrl,
    type: "website",
  });
}

const COUNT = new Intl.NumberFormat("en-US");

export default function DigiPrev({ loaderData }: Route.ComponentProps) {
  const { seller, stats, own, products, signedIn, viewerId, genres, query, inCart, owned } = loaderData;
  const filtered = Object.entries(query).some(([name, value]) => name !== "sort" && value !== undefined);
  const cart = useAddToCart(signedIn, viewerId);
  return (
    <section className="store-page">
      {seller ? <SellerHeader seller={seller} stats={stats} own={own} /> : <h1>Browse Digital Products</h1>}
      {seller && <StoreFilters path={storePath(seller.id)} genres={genres} query={query} />}
      {seller && (
        <div className={styles.listHead}>
          <h2>Browse Digital Products</h2>
          {products.length > 0 && (
            <span className={styles.listCount}>
              {filtered
                ? `${COUNT.format(products.length)} of ${COUNT.format(stats.beats)}`
                : `${COUNT.format(products.length)} ${products.length === 1 ? "beat" : "beats"}`}
            </span>
          )}
        </div>
      )}
      {products.length === 0 || !seller ? (
        <p className="empty-state">{filtered ? "No beats match these filters." : NO_PRODUCTS}</p>
      ) : (
        <ol className={styles.tracks}>
          {products.map((product) => (
            <li key={product.id}>
              <TrackRow
                seller={seller}
                product={product}
                own={own}
                cart={cart}
                held={owned.includes(product.id) ? "owned" : inCart.includes(product.id) ? "in_cart" : null}
              />
            </li>
          ))}
        </ol>
      )}
      <CartDrawerSlot cart={cart} viewerId={viewerId} />
    </section>
  );
}
