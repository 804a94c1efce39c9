// The seller's discount codes in 'My Digital Products' (issue 33): made with a percentage or an
// amount, for one product or the whole store, with an optional expiry and number of uses; listed with
// their uses, and deleted (which ends them at once). On a product's page (its Discounts tab) the list
// is the codes that apply to it and a new code is for it unless the seller picks the whole store.
// Creating and deleting say how they went beside 'Create code'.
import { useState } from "react";
import type { DiscountView } from "../../../../worker/domain/store/discounts";
import { Button, Field, Input, Select } from "../../../components/ui";
import { formatMoney } from "../../../kernel/format";
import { api } from "../../../lib/api-client";
import { type Run, useSaveStatus } from "./SaveStatus";
import styles from "./SellerTiers.module.css";

const DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

export function DiscountCodes({
  discounts,
  products,
  run,
  forProduct,
}: {
  discounts: DiscountView[];
  /** What a new code may be for, besides the whole store. */
  products: { id: string; title: string }[];
  run: Run;
  /** The product whose page this is: a new code is for it by default. */
  forProduct?: string;
}) {
  const [kind, setKind] = useState<"percent" | "amount">("percent");
  const { save, status } = useSaveStatus(run);
  const title = (id: string | null) => (id ? (products.find((p) => p.id === id)?.title ?? "A product") : "Whole store");
  return (
    <section className="card" aria-labelledby="discounts-heading">
      <h2 id="discounts-heading">Discount codes</h2>
      {discounts.length === 0 ? (
        <p className="muted">No discount codes yet.</p>
      ) : (
        <ul className={styles.list}>
          {discounts.map((code) => (
            <li key={code.id}>
              <span>
                <strong>{code.code}</strong> ·{" "}
                {code.kind === "percent" ? `${code.value}% off` : `${formatMoney(code.value)} off`} ·{" "}
                {title(code.productId)}
                <span className={styles.muted}>
                  {" "}
                  · used {code.uses}
                  {code.maxUses !== null ? ` of ${code.maxUses}` : ""}
                  {code.expiresAt ? ` · until ${DATE.format(new Date(code.expiresAt))}` : ""}
                </span>
              </span>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => void save(() => api.discounts[":id"].$delete({ param: { id: code.id } }))}
              >
                Delete<span className="visually-hidden"> code {code.code}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        className={styles.details}
        onSubmit={async (event) => {
          event.preventDefault();
          const element = event.currentTarget;
          const form = new FormData(element);
          const text = (name: string) => String(form.get(name) ?? "").trim();
          const common = {
            code: text("code"),
            productId: text("productId") || null,
            expiresAt: text("expiresAt") || null,
            maxUses: text("maxUses") ? Number(text("maxUses")) : null,
          };
          // A percentage is a number; an amount is the dollars as typed (the server reads them to cents).
          const json =
            kind === "percent"
              ? { ...common, kind: "percent" as const, value: Number(text("value")) }
              : { ...common, kind: "amount" as const, value: text("value") };
          const ok = await save(() => api.discounts.$post({ json }));
          if (ok) element.reset();
        }}
      >
        <h3>New code</h3>
        <div className={styles.discountFields}>
          <Field label="Code">
            <Input id="discount-new-code" name="code" required autoComplete="off" />
          </Field>
          <Field label="Type">
            <Select
              id="discount-kind"
              value={kind}
              onChange={(event) => setKind(event.target.value as typeof kind)}
              options={[
                { value: "percent", label: "Percentage" },
                { value: "amount", label: "Amount ($)" },
              ]}
            />
          </Field>
          <Field label={kind === "percent" ? "Percent off" : "Dollars off"}>
            <Input id="discount-value" name="value" inputMode="decimal" required />
          </Field>
          <Field label="For">
            <Select
              id="discount-product"
              name="productId"
              defaultValue={forProduct ?? ""}
              placeholder="Whole store"
              options={products.map((product) => ({ value: product.id, label: product.title }))}
            />
          </Field>
          <Field label="Expires (optional)" className={styles.discountWide}>
            <Input id="discount-expires" name="expiresAt" type="date" />
          </Field>
          <Field label="Number of uses (optional)" className={styles.discountWide}>
            <Input id="discount-uses" name="maxUses" inputMode="numeric" />
          </Field>
        </div>
        <div className={styles.rowActions}>
          <Button type="submit" variant="primary">
            Create code
          </Button>
          {status}
        </div>
      </form>
    </section>
  );
}
