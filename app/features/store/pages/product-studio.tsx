// A product's page in the seller's studio (/digimanager/:productId, issue 46; DESIGN.md, seller
// manager): a header with the product's cover, title, status and sales, and tabs — Details (the
// seed's inline fields, cover, access, beat details), Files (audio and stems), Licences & prices (its
// tiers, and the seller's templates new tiers start from), Discounts. Every panel is in the server's
// page; the open tab is kept in the address (?tab=) without reloading. While previews are being made
// the page reloads its data every few seconds until they are ready.
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Badge } from "../../../components/ui";
import { Tabs } from "../../../components/ui/Tabs";
import { useRevalidateWhile } from "../../../lib/revalidate-while";
import { DiscountCodes } from "../components/DiscountCodes";
import { LicenceTemplates } from "../components/LicenceTemplates";
import { ProductDetails } from "../components/ProductDetails";
import { ProductFiles } from "../components/ProductFiles";
import { priceRange, productStatus } from "../components/ProductOverview";
import { useRun } from "../components/SaveStatus";
import { SellerTiers } from "../components/SellerTiers";
import studio from "../components/Studio.module.css";
import type { Route } from "./+types/product-studio";
import "../store.css";

export { action, loader } from "./product-studio.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.product.title ?? "Product"} · My Digital Products · Creator Platform` }];
}

const POLL_MS = 4000;
const TABS = ["details", "files", "licences", "discounts"] as const;
type Tab = (typeof TABS)[number];

export default function ProductStudio({ loaderData }: Route.ComponentProps) {
  const { product, templates, discounts, sold, userId } = loaderData;
  const { run, refresh } = useRun();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const asked = params.get("tab");
  const [tab, setTab] = useState<Tab>(TABS.find((t) => t === asked) ?? "details");
  const onSale = product.status === "active";
  const making = product.files.some((f) => f.previewStatus === "queued" || f.previewStatus === "running");

  useRevalidateWhile(making, POLL_MS);

  function choose(value: string) {
    const next = TABS.find((t) => t === value) ?? "details";
    setTab(next);
    // The address follows the tab (a reload or a shared link opens it) without running the loader again.
    const url = new URL(window.location.href);
    if (next === "details") url.searchParams.delete("tab");
    else url.searchParams.set("tab", next);
    window.history.replaceState(window.history.state, "", url);
  }

  const licences = 1 + product.tiers.length;
  return (
    <section className={`store-manager ${studio.page}`}>
      <nav aria-label="Breadcrumb" className={studio.crumbs}>
        <Link to="/digimanager">My Digital Products</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{product.title}</span>
      </nav>
      <header className={studio.header}>
        {product.coverUrl ? (
          <img className={studio.thumb} src={product.coverUrl} alt="" width={64} height={64} />
        ) : (
          <span className={studio.thumb} aria-hidden="true">
            {product.title.trim().charAt(0).toUpperCase()}
          </span>
        )}
        <div className={studio.heading}>
          <h1>{product.title}</h1>
          <p className={studio.summary}>
            <Badge tone={onSale && product.accessType === "public-read" ? "success" : "neutral"}>
              {productStatus(product)}
            </Badge>
            <span>
              {licences} {licences === 1 ? "licence" : "licences"} · {priceRange(product)}
            </span>
            <span>
              {sold} {sold === 1 ? "sale" : "sales"} · {product.plays} {product.plays === 1 ? "play" : "plays"}
            </span>
          </p>
        </div>
        <p className={studio.links}>
          {onSale && product.accessType === "public-read" && (
            <Link to={`/digiprev/${userId}/${product.id}`}>See its page</Link>
          )}
          <Link to={`/digiprev/${userId}`}>See your store</Link>
        </p>
      </header>
      <Tabs
        label={`${product.title}: product settings`}
        keepMounted
        value={tab}
        onValueChange={choose}
        items={[
          {
            value: "details",
            label: "Details",
            content: (
              <ProductDetails
                product={product}
                run={run}
                refresh={refresh}
                onDeleted={() => navigate("/digimanager", { replace: true })}
              />
            ),
          },
          { value: "files", label: "Files", content: <ProductFiles product={product} run={run} refresh={refresh} /> },
          {
            value: "licences",
            label: "Licences & prices",
            content: (
              <div className={studio.stack}>
                <div className="card">
                  <SellerTiers product={product} run={run} />
                </div>
                <LicenceTemplates templates={templates} />
              </div>
            ),
          },
          {
            value: "discounts",
            label: "Discounts",
            content: (
              <DiscountCodes
                discounts={discounts}
                products={onSale ? [{ id: product.id, title: product.title }] : []}
                forProduct={onSale ? product.id : undefined}
                run={run}
              />
            ),
          },
        ]}
      />
    </section>
  );
}
