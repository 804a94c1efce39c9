// The gallery's server side (/bidgallery): the listing, and its two forms (an offer, a member's item).
import { data } from "react-router";
import { listGallery, submitMemberItem } from "../../../../worker/domain/auction/auction";
import { makeOffer } from "../../../../worker/domain/auction/offers";
import { Unauthenticated } from "../../../../worker/domain/errors";
import { hasShippingAddress } from "../../../../worker/domain/shipping/addresses";
import { parse } from "../../../../worker/domain/validation";
import { MUST_SIGN_IN, memberItemSchema, OFFER_SUBMITTED, offerSchema } from "../../../kernel/schemas/auction";
import { requireUser, server } from "../../../lib/auth.server";
import { formAction, formFields } from "../../../lib/forms.server";
import { pageAction } from "../../../lib/page-errors.server";
import type { Route } from "./+types/gallery";

const OFFER_EXCEPTION = "An error occurred submitting your offer.";

export type GalleryItem = Awaited<ReturnType<typeof listGallery>>[number];

export async function loader({ context }: Route.LoaderArgs) {
  const { deps, user } = server(context);
  // A member without a shipping address is told before typing an offer (not after, by the 409).
  const [items, hasAddress] = await Promise.all([
    listGallery(deps),
    user ? hasShippingAddress(deps, user.id) : Promise.resolve(false),
  ]);
  return { origin: deps.origin, items, signedIn: Boolean(user), hasAddress };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { deps, user } = server(context);
  const fields = formFields(await request.formData());

  if (fields.intent === "offer") {
    const code = fields.code ?? "";
    const echo = { intent: "offer" as const, code };
    // Seed 001 §8: an exception says 'An error occurred submitting your offer.'
    return pageAction(
      async () => {
        // The bidder is the session's user, whatever the form says.
        if (!user) throw new Unauthenticated(MUST_SIGN_IN, "NOT_AUTHENTICATED");
        const placed = await makeOffer(deps, user, code, parse(offerSchema, fields));
        return { ...echo, message: OFFER_SUBMITTED, ...placed };
      },
      { echo, unexpected: OFFER_EXCEPTION },
    );
  }

  if (fields.intent === "member-item") {
    const member = requireUser(context, request);
    return formAction(
      async () => {
        const item = await submitMemberItem(deps, member.id, parse(memberItemSchema, fields));
        return { intent: "member-item" as const, submitted: item.shortCode };
      },
      { intent: "member-item" as const },
    );
  }

  throw data("Unknown form.", { status: 400 });
}

export type GalleryAction = typeof action;
