// The settings page's server side: the theme, and the member's shipping addresses (seed 001 §8).
import { data, redirect } from "react-router";
import { saveTheme } from "../../../../worker/domain/accounts/preferences";
import {
  addShippingAddress,
  deleteShippingAddress,
  listShippingAddresses,
  type ShippingAddressView,
} from "../../../../worker/domain/shipping/addresses";
import { parse } from "../../../../worker/domain/validation";
import { readCookie, serializeCookie } from "../../../../worker/http/cookies";
import { SHIPPING_LABELS, SHIPPING_SAVE_ERROR, shippingSchema } from "../../../kernel/schemas/shipping";
import { THEME_COOKIE } from "../../../kernel/theme";
import { requireUser, safeReturnPath, server } from "../../../lib/auth.server";
import { type FormError, formAction, formFields } from "../../../lib/forms.server";
import { parseThemeForm, themeFor } from "../../../lib/theme.server";
import type { Route } from "./+types/settings";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  let shipping: ShippingAddressView[] | null = null;
  try {
    shipping = await listShippingAddresses(server(context).deps, user.id);
  } catch (error) {
    // Seed 001 §8: the page still opens and says 'Error loading shipping info.'
    console.error(error);
  }
  return { theme: themeFor(user, readCookie(request, THEME_COOKIE)), shipping };
}

/** The page has three forms, told apart by `intent`; a form without one is the theme form. */
export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  const fields = formFields(await request.formData());
  const intent = fields.intent ?? "theme";

  if (intent === "shipping") {
    // What was typed goes back with an error, so the form (also without JavaScript) keeps it.
    const values = Object.fromEntries(Object.keys(SHIPPING_LABELS).map((name) => [name, fields[name] ?? ""]));
    const echo = { intent: "shipping" as const, values };
    let saved: Awaited<ReturnType<typeof formAction<{ intent: "shipping"; savedId: string }, typeof echo>>>;
    try {
      saved = await formAction(async () => {
        const address = await addShippingAddress(deps, user.id, parse(shippingSchema, fields));
        return { intent: "shipping" as const, savedId: address.id };
      }, echo);
    } catch (error) {
      // Seed 001 §8: an exception while saving says 'Error saving address.'
      console.error(error);
      const failure: FormError = { code: "internal", message: SHIPPING_SAVE_ERROR };
      return data({ ...echo, error: failure }, { status: 500 });
    }
    // Sent here by a page that needs an address (the auction's offer form): back there once saved.
    const back = safeReturnPath(fields.returnTo, new URL(request.url).origin);
    if (back && "savedId" in saved) throw redirect(back);
    return saved;
  }

  if (intent === "delete-shipping") {
    return formAction(
      async () => {
        await deleteShippingAddress(deps, user.id, fields.id ?? "");
        return { intent: "delete-shipping" as const, deleted: true as const };
      },
      { intent: "delete-shipping" as const },
    );
  }

  if (intent === "theme") {
    return formAction(
      async () => {
        const theme = parseThemeForm(fields);
        await saveTheme(deps, user.id, theme);
        const year = 365 * 24 * 60 * 60;
        return data(
          { intent: "theme" as const, saved: true as const },
          {
            headers: {
              "set-cookie": serializeCookie(request, THEME_COOKIE, JSON.stringify(theme), { maxAgeSeconds: year }),
            },
          },
        );
      },
      { intent: "theme" as const },
    );
  }

  throw data("Unknown form.", { status: 400 });
}
