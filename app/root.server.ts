// The root route on the server: who is signed in, their theme and their cart's size, for every page.
import { cartCount } from "../worker/domain/orders/cart";
import { readCookie } from "../worker/http/cookies";
import type { Route } from "./+types/root";
import { server } from "./lib/auth.server";
import { THEME_COOKIE } from "./lib/theme";
import { themeFor } from "./lib/theme.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { user, deps } = server(context);
  const theme = themeFor(user, readCookie(request, THEME_COOKIE));
  return {
    user: user && { id: user.id, name: user.name, username: user.username, email: user.email, role: user.role },
    theme,
    // Read beside the page's own loaders (they run side by side): no wait of its own.
    cartCount: user ? await cartCount(deps, user.id) : 0,
  };
}
