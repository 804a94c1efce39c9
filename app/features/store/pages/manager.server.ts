// /digimanager's loader (the overview, the templates, store-wide codes, the voice tag), and the
// licence forms' action it shares with each product's page (issue 46): a tier's price and terms, and
// the seller's templates. The domain checks the product and tier are the seller's (404 otherwise, as
// the API answers) and reads the form with the API's own schema; its messages land beside the fields.
import { data } from "react-router";
import type { Deps } from "../../../../worker/domain/deps";
import { NotFound } from "../../../../worker/domain/errors";
import { listDiscounts } from "../../../../worker/domain/store/discounts";
import { salesByProduct } from "../../../../worker/domain/store/sales";
import { changeTierPriceTerms, listTemplates, saveTemplatePriceTerms } from "../../../../worker/domain/store/tiers";
import { listOwnProducts } from "../../../../worker/domain/store/views";
import { voiceTagView } from "../../../../worker/domain/store/voice-tag";
import { parse } from "../../../../worker/domain/validation";
import {
  priceTermsFromForm,
  TEMPLATE_NOT_FOUND,
  TIER_TEMPLATE_IDS,
  type TierTemplate,
  tierPriceTermsSchema,
} from "../../../kernel/licence-tiers";
import { requireUser, server } from "../../../lib/auth.server";
import { formFields, intentAction } from "../../../lib/forms.server";
import type { Route } from "./+types/manager";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  const [products, voiceTag, discounts, templates, sales] = await Promise.all([
    listOwnProducts(deps, user.id),
    voiceTagView(deps, user.id),
    listDiscounts(deps, user.id),
    listTemplates(deps, user.id),
    salesByProduct(deps, user.id),
  ]);
  return { userId: user.id, products, voiceTag, discounts, templates, sales };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  return licenceTermsAction(deps, user.id, formFields(await request.formData()));
}

/** A tier's or a template's price and terms; on a product's page the tier must be that product's. */
export function licenceTermsAction(deps: Deps, userId: string, fields: Record<string, string>, productId?: string) {
  switch (fields.intent) {
    case "tier-terms": {
      const target = fields.tierId ?? "";
      return intentAction({ intent: "tier-terms" as const, target }, async () => {
        const values = parse(tierPriceTermsSchema, priceTermsFromForm(fields));
        await changeTierPriceTerms(deps, userId, productId ?? fields.productId ?? "", target, values);
        return { saved: true as const };
      });
    }
    case "template-terms": {
      const target = fields.template ?? "";
      return intentAction({ intent: "template-terms" as const, target }, async () => {
        if (!(TIER_TEMPLATE_IDS as readonly string[]).includes(target)) throw new NotFound(TEMPLATE_NOT_FOUND);
        const values = parse(tierPriceTermsSchema, priceTermsFromForm(fields));
        await saveTemplatePriceTerms(deps, userId, target as TierTemplate, values);
        return { saved: true as const };
      });
    }
  }
  throw data("Unknown form.", { status: 400 });
}
