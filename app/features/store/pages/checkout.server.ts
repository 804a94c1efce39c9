// /checkOut/:userId (seed 001 §2, §4): only one's own cart. Another member's
// id (or a visitor's guess) leads to the signed-in member's own cart.
import { data, redirect } from "react-router";
import { DomainError } from "../../../../worker/domain/errors";
import { removeFromCart } from "../../../../worker/domain/orders/cart";
import { pricedCart } from "../../../../worker/domain/orders/checkout";
import { cartQuerySchema } from "../../../kernel/schemas/checkout";
import { requireUser, server } from "../../../lib/auth.server";
import { formFields, scriptlessCardPost } from "../../../lib/forms.server";
import type { Route } from "./+types/checkout";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  if (params.userId !== user.id) throw redirect(`/checkOut/${encodeURIComponent(user.id)}`);
  const { deps } = server(context);
  // A discount code comes as a GET parameter (the summary's 'Apply' form), so the priced cart has a URL.
  const query = cartQuerySchema.safeParse({
    discountCode: new URL(request.url).searchParams.get("discountCode") ?? "",
  });
  const typed = query.success ? query.data.discountCode : undefined;
  let codeError = query.success ? null : query.error.issues[0]!.message;
  const priced = await pricedCart(deps, user.id, typed).catch(async (error) => {
    if (!(error instanceof DomainError)) throw error;
    codeError = error.message;
    return pricedCart(deps, user.id);
  });
  const { applied: _codes, ...cart } = priced;
  return {
    cart,
    typedCode: new URL(request.url).searchParams.get("discountCode") ?? "",
    codeError,
    payments: { provider: deps.payments.provider, publishableKey: deps.payments.publishableKey },
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const fields = formFields(await request.formData());
  if (fields.intent === "pay") return scriptlessCardPost();
  if (fields.intent !== "remove" || !fields.productId) throw data("Unknown form.", { status: 400 });
  await removeFromCart(server(context).deps, user.id, fields.productId);
  return { removed: fields.productId };
}
