// 'Browse Digital Products' (/digiprev/:userId, seed 001 screen 3): a
// seller's products with their previews (never the originals), price and
// licence, and 'Add to Cart'. Visitors may browse; adding needs sign-in, and
// the visitor comes back here afterwards.
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { AudioPlayer } from "../components/store/AudioPlayer";
import { ADD_TO_CART_ERROR, ADD_TO_CART_FAILED, ADDED_TO_CART } from "../lib/schemas/checkout";
import { formatMoney } from "../lib/schemas/money";
import { LICENSE_LABELS, NO_PRODUCTS } from "../lib/schemas/products";
import { sendJson } from "../lib/store-client";
import type { Route } from "./+types/digiprev";
import "../styles/store.css";

export { loader } from "./digiprev.server";

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.seller?.username;
  return [{ title: `${name ? `${name}'s store` : "Browse Digital Products"} · Creator Platform` }];
}

const PENDING = {
  none: "Preview coming soon",
  queued: "Preview coming soon",
  running: "Preview coming soon",
  done: "",
  failed: "No preview available",
};

export default function DigiPrev({ loaderData }: Route.ComponentProps) {
  const { seller, own, products, signedIn } = loaderData;
  const navigate = useNavigate();
  const location = useLocation();
  const [notice, setNotice] = useState<{ productId: string; text: string; ok: boolean } | null>(null);
  const [adding, setAdding] = useState<string | null>(null);

  async function addToCart(productId: string) {
    if (!signedIn) return navigate(`/signin?from=${encodeURIComponent(location.pathname)}`);
    setAdding(productId);
    try {
      const answer = await sendJson<{ message: string }>("/api/cart/items", "POST", { productId });
      if (answer.status === 401) return navigate(`/signin?from=${encodeURIComponent(location.pathname)}`);
      // The seed's 'Failed to add product to cart.', with the server's reason when it gave one.
      const text = answer.ok
        ? ADDED_TO_CART
        : answer.message
          ? `${ADD_TO_CART_FAILED} ${answer.message}`
          : ADD_TO_CART_FAILED;
      setNotice({ productId, text, ok: answer.ok });
    } catch {
      setNotice({ productId, text: ADD_TO_CART_ERROR, ok: false });
    } finally {
      setAdding(null);
    }
  }

  return (
    <section className="store-page">
      <h1>Browse Digital Products</h1>
      {seller && (
        <p className="muted">
          {own ? "Your store, as buyers see it (private products are marked)." : `By ${seller.username}`}
        </p>
      )}
      {products.length === 0 ? (
        <p className="empty-state">{NO_PRODUCTS}</p>
      ) : (
        <div className="product-grid">
          {products.map((product) => (
            <article key={product.id} className="product-card" aria-label={product.title}>
              <div className="cover">
                {product.coverUrl ? (
                  <img src={product.coverUrl} alt={`Cover of ${product.title}`} />
                ) : (
                  <div className="cover-placeholder" aria-hidden="true">
                    ♪
                  </div>
                )}
              </div>
              <div className="details">
                <h2>
                  {product.title}
                  {product.accessType === "private" && <span className="badge">Private</span>}
                </h2>
                <p className="description">{product.description}</p>
                <p className="price">{product.licenseType === "free" ? "Free" : formatMoney(product.priceCents)}</p>
                <p className="license">{LICENSE_LABELS[product.licenseType]}</p>
                {product.quantity !== null && (
                  <p className="muted small">{product.quantity === 0 ? "Sold out" : `${product.quantity} left`}</p>
                )}
                <ul className="audio-list">
                  {product.files.map((file) => (
                    <li key={file.id}>
                      <AudioPlayer
                        src={file.previewUrl}
                        label={file.fileName}
                        peaks={file.peaks}
                        durationSeconds={file.durationSeconds}
                        pending={PENDING[file.previewStatus]}
                      />
                    </li>
                  ))}
                </ul>
                {!own && (
                  <button
                    type="button"
                    className="button primary"
                    disabled={adding === product.id}
                    onClick={() => void addToCart(product.id)}
                  >
                    {adding === product.id ? "Adding..." : "Add to Cart"}
                    <span className="visually-hidden"> {product.title}</span>
                  </button>
                )}
                {notice?.productId === product.id && (
                  <p role={notice.ok ? "status" : "alert"} className={notice.ok ? "success" : "error"}>
                    {notice.text}
                  </p>
                )}
              </div>
            </article>
          ))}
        </div>
      )}
    </section>
  );
}
