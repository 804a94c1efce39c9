// 'Browse Digital Products' (/digiprev/:userId, seed 001 screen 3): the seller's header (name, initial,
// number of beats) and a grid of their products, each with its cover, title (linking to the product's
// own page), price, licence, previews (never the originals) and 'Add to Cart'. Visitors may browse;
// adding needs sign-in, and the visitor comes back here afterwards. Rendered on the server with Open
// Graph and Twitter card tags, so a shared store link previews well.

import { NO_PRODUCTS } from "../../../kernel/schemas/products-messages";
import { shareMeta } from "../../../lib/share-meta";
import { StoreFilters } from "../components/StoreFilters";
import { ProductCard, SellerHeader, storefrontStyles as styles } from "../components/Storefront";
import { useAddToCart } from "../components/useAddToCart";
import type { Route } from "./+types/storefront";
import "../store.css";

export { loader } from "./storefront.server";

export function meta({ loaderData, params }: Route.MetaArgs) {
  const seller = loaderData?.seller;
  if (!seller) return [{ title: "Browse Digital Products · Creator Platform" }];
  const titles = loaderData.products.map((product) => product.title);
  return shareMeta({
    origin: loaderData.origin,
    path: `/digiprev/${params.userId}`,
    title: `${seller.username}'s store`,
    description: titles.length
      ? `Beats by ${seller.username}: ${titles.join(", ")}. Listen to the previews and license them.`
      : `Beats by ${seller.username}.`,
    image: loaderData.products.find((product) => product.coverUrl)?.coverUrl,
    type: "website",
  });
}

export default function DigiPrev({ loaderData }: Route.ComponentProps) {
  const { seller, own, products, signedIn, genres, query } = loaderData;
  const filtered = Object.values(query).some((value) => value !== undefined);
  const cart = useAddToCart(signedIn);
  return (
    <section className="store-page">
      <h1>Browse Digital Products</h1>
      {seller && <SellerHeader username={seller.username} products={products.length} own={own} />}
      {seller && <StoreFilters path={`/digiprev/${encodeURIComponent(seller.id)}`} genres={genres} query={query} />}
      {products.length === 0 || !seller ? (
        <p className="empty-state">{filtered ? "No beats match these filters." : NO_PRODUCTS}</p>
      ) : (
        <ul className={styles.grid}>
          {products.map((product) => (
            <li key={product.id}>
              <ProductCard sellerId={seller.id} product={product} own={own} cart={cart} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
