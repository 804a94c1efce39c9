// /checkOut/:userId (seed 001 §2, §4): only one's own cart. Another member's
// id (or a visitor's guess) leads to the signed-in member's own cart.
import { data, redirect } from "react-router";
import { listCart, removeFromCart } from "../../worker/domain/orders/cart";
import { requireUser, server } from "../lib/auth.server";
import { formFields, scriptlessCardPost } from "../lib/forms.server";
import type { Route } from "./+types/checkout";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  if (params.userId !== user.id) throw redirect(`/checkOut/${encodeURIComponent(user.id)}`);
  const { deps } = server(context);
  const cart = await listCart(deps, user.id);
  return {
    cart,
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
