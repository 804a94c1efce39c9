// A product's page in the seller's studio (/digimanager/:productId, issue 46): the product as its
// manager shows it, the seller's templates, the discount codes that apply to it and its sales. Only
// its owner opens it: anyone else's product, or a deleted one, is the page's 404. Its action is the
// manager's licence forms, with the tier held to this product.

import { listDiscounts } from "../../../../worker/domain/store/discounts";
import { ownProduct } from "../../../../worker/domain/store/products";
import { salesByProduct } from "../../../../worker/domain/store/sales";
import { listTemplates } from "../../../../worker/domain/store/tiers";
import { ownProductView } from "../../../../worker/domain/store/views";
import { PRODUCT_NOT_FOUND } from "../../../kernel/schemas/products-form-messages";
import { requireUser, server } from "../../../lib/auth.server";
import { formFields } from "../../../lib/forms.server";
import { orNotFound } from "../../../lib/page-errors.server";
import type { Route } from "./+types/product-studio";
import { licenceTermsAction } from "./manager.server";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  const row = await orNotFound(ownProduct(deps, user.id, params.productId), PRODUCT_NOT_FOUND);
  const [product, discounts, templates, sales] = await Promise.all([
    ownProductView(deps, row),
    listDiscounts(deps, user.id),
    listTemplates(deps, user.id),
    salesByProduct(deps, user.id),
  ]);
  return {
    userId: user.id,
    product,
    templates,
    sold: sales[product.id] ?? 0,
    // The codes that apply to this product: its own and the whole store's.
    discounts: discounts.filter((code) => code.productId === null || code.productId === product.id),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  return licenceTermsAction(deps, user.id, formFields(await request.formData()), params.productId);
}
