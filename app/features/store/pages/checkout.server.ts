// /checkOut/:userId (seed 001 §2, §4): only one's own cart. Another member's
// id (or a visitor's guess) leads to the signed-in member's own cart.
// Its states have addresses: the cart; `?step=pay`, the card form ('Proceed to Payment' is a link
// there, so it works before and without the page's script); `?order=<id>`, the thank-you and receipt
// of one's own order. `?added=` / `?notAdded=` say how a pending add made at sign-in went.
import { data, redirect } from "react-router";
import { DomainError, NotFound } from "../../../../worker/domain/errors";
import { addToCart, cartLicenceChoices, removeFromCart, withCoverLinks } from "../../../../worker/domain/orders/cart";
import { pricedCart } from "../../../../worker/domain/orders/checkout";
import { NOT_ADDED_REASONS, type NotAddedReason } from "../../../../worker/domain/orders/pending-add";
import { orderStatus } from "../../../../worker/domain/orders/purchases";
import {
  ADD_TO_CART_FAILED,
  addToCartSchema,
  CART_FULL,
  cartQuerySchema,
  OWN_PRODUCT,
  PRODUCT_UNAVAILABLE,
} from "../../../kernel/schemas/checkout";
import { requireUser, server } from "../../../lib/auth.server";
import { formFields, scriptlessCardPost } from "../../../lib/forms.server";
import type { Route } from "./+types/checkout";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  // Another id leads to one's own cart, in the same state (`?step=pay`, `?order=`…).
  if (params.userId !== user.id)
    throw redirect(`/checkOut/${encodeURIComponent(user.id)}${new URL(request.url).search}`);
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
  const { applied: _codes, items, ...rest } = priced;
  // Covers through fresh signed links; the storage key itself stays on the server.
  const cart = { ...rest, items: await withCoverLinks(deps, items) };
  const search = new URL(request.url).searchParams;
  const orderId = search.get("order");
  const order = orderId
    ? await orderStatus(deps, user, orderId.slice(0, 64)).catch((error) => {
        if (error instanceof NotFound) return null;
        throw error;
      })
    : null;
  return {
    cart,
    /** Each beat's licences in rising price, where it has more than one: the row can switch. */
    licences: order ? {} : await cartLicenceChoices(deps, user.id),
    // The thank-you wins over the paying state when an address has both.
    paying: search.get("step") === "pay" && !orderId,
    order,
    added: addedMessage(cart.items, search),
    typedCode: new URL(request.url).searchParams.get("discountCode") ?? "",
    codeError,
    payments: { provider: deps.payments.provider, publishableKey: deps.payments.publishableKey },
  };
}

const NOT_ADDED: Record<NotAddedReason, string> = {
  own_product: OWN_PRODUCT,
  cart_full: CART_FULL,
  unavailable: PRODUCT_UNAVAILABLE,
};

/** "Added <title> to your cart" with the title from the cart (never from the address), or why not. */
function addedMessage(items: { productId: string; title: string }[], search: URLSearchParams) {
  const added = search.get("added");
  const item = added ? items.find((candidate) => candidate.productId === added) : null;
  if (item) return { ok: true, text: `Added ${item.title} to your cart` };
  const reason = search.get("notAdded");
  if (reason && (NOT_ADDED_REASONS as readonly string[]).includes(reason))
    return { ok: false, text: `${ADD_TO_CART_FAILED} ${NOT_ADDED[reason as NotAddedReason]}` };
  return null;
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const fields = formFields(await request.formData());
  if (fields.intent === "pay") return scriptlessCardPost();
  if (fields.intent === "licence") {
    // Another licence of a beat in the cart: the add switches its tier (ids only; prices from D1).
    const parsed = addToCartSchema.safeParse({ productId: fields.productId, tierId: fields.tierId || undefined });
    if (!parsed.success) throw data(parsed.error.issues[0]!.message, { status: 400 });
    try {
      await addToCart(server(context).deps, user.id, parsed.data.productId, parsed.data.tierId ?? null);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return { licenceError: { productId: parsed.data.productId, message: error.message } };
    }
    return { switched: parsed.data.productId };
  }
  if (fields.intent !== "remove" || !fields.productId) throw data("Unknown form.", { status: 400 });
  await removeFromCart(server(context).deps, user.id, fields.productId);
  return { removed: fields.productId };
}
