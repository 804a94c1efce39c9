// The seller's licence templates in 'My Digital Products' (issue 46): each template's price and
// terms, edited in place (the page's action, intent 'template-terms'). A tier added to a beat starts
// from the template as it is then; tiers already on beats, and licences sold, keep their own.
import type { TierFormat, TierTemplate, TierTerms } from "../../../kernel/licence-tiers-messages";
import { FORMAT_LABELS } from "../../../kernel/licence-tiers-messages";
import { PriceTermsRow } from "./PriceTermsRow";
import styles from "./SellerTiers.module.css";

export interface TemplateView {
  template: TierTemplate;
  name: string;
  priceCents: number;
  formats: TierFormat[];
  terms: TierTerms;
  edited: boolean;
}

export function LicenceTemplates({ templates }: { templates: TemplateView[] }) {
  return (
    <section className="card" aria-labelledby="licence-templates-heading">
      <h2 id="licence-templates-heading">Licence templates</h2>
      <p className="muted">
        A tier you add to a beat starts from its template. Tiers already on your beats, and licences already sold, keep
        their own price and terms.
      </p>
      <ul className={styles.list}>
        {templates.map((template) => (
          <PriceTermsRow
            key={template.template}
            intent="template-terms"
            target={template.template}
            hidden={{ template: template.template }}
            name={template.name}
            label={`${template.name} template`}
            detail={
              <span className={styles.muted}>
                {" "}
                · {template.formats.map((f) => FORMAT_LABELS[f]).join(", ")}
                {template.edited ? "" : " · built in"}
              </span>
            }
            priceCents={template.priceCents}
            terms={template.terms}
            editable
          />
        ))}
      </ul>
    </section>
  );
}
