// 'My Digital Products' (DESIGN.md, seller manager): one row per product with its cover, title (a
// link to the product's page in the studio, /digimanager/:productId), licences on offer, price range,
// sales, plays and status; a card per product on a phone (the kit's Table).
import { Link } from "react-router";
import type { ProductView } from "../../../../worker/domain/store/views";
import { Table } from "../../../components/ui";
import { formatMoney } from "../../../kernel/format";
import styles from "./SellerTiers.module.css";

const NUMBER = new Intl.NumberFormat("en-US");

/** The cheapest and dearest licence: the product's own (free is $0) and its tiers'. */
export function priceRange(product: ProductView) {
  const prices = [product.licenseType === "free" ? 0 : product.priceCents, ...product.tiers.map((t) => t.priceCents)];
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const money = (cents: number) => (cents === 0 ? "Free" : formatMoney(cents));
  return low === high ? money(low) : `${money(low)} – ${money(high)}`;
}

export function productStatus(product: ProductView) {
  if (product.status !== "active") return "Sold (exclusive)";
  return product.accessType === "public-read" ? "On sale" : "Private";
}

export function ProductOverview({ products, sales }: { products: ProductView[]; sales: Record<string, number> }) {
  return (
    <section aria-labelledby="overview-heading" className={styles.overview}>
      <h2 id="overview-heading">Your products</h2>
      <Table
        caption="Your products"
        rowKey={(product) => product.id}
        rows={products}
        columns={[
          {
            key: "cover",
            header: "Cover",
            kind: "nowrap",
            cell: (product) =>
              product.coverUrl ? (
                <img className={styles.thumb} src={product.coverUrl} alt="" width={40} height={40} />
              ) : (
                <span className={styles.thumb} aria-hidden="true">
                  {product.title.trim().charAt(0).toUpperCase()}
                </span>
              ),
          },
          {
            key: "title",
            header: "Title",
            primary: true,
            cell: (product) => <Link to={`/digimanager/${product.id}`}>{product.title}</Link>,
          },
          {
            key: "licences",
            header: "Licences",
            kind: "numeric",
            cell: (product) => NUMBER.format(1 + product.tiers.length),
          },
          { key: "price", header: "Price range", kind: "nowrap", cell: priceRange },
          { key: "sales", header: "Sales", kind: "numeric", cell: (product) => NUMBER.format(sales[product.id] ?? 0) },
          { key: "plays", header: "Plays", kind: "numeric", cell: (product) => NUMBER.format(product.plays) },
          { key: "status", header: "Status", kind: "nowrap", cell: productStatus },
        ]}
      />
    </section>
  );
}
