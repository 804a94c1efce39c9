// The root route on the server: who is signed in, their theme and their cart's size, for every page.
import { readCookie } from "../worker/http/cookies";
import type { Route } from "./+types/root";
import { accentTokens, systemAccentCss, THEME_COOKIE, themeClass } from "./kernel/theme";
import { server } from "./lib/auth.server";
import { NAV_COOKIE, parseClosedGroups } from "./lib/navigation";
import { themeFor } from "./lib/theme.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { user, member } = server(context);
  const theme = themeFor(user, readCookie(request, THEME_COOKIE));
  return {
    user: user && { id: user.id, name: user.name, username: user.username, email: user.email, role: user.role },
    theme,
    // <html>'s class and style (font scale, the member's accent), made here so the colour maths stays
    // out of every page's script; a saved change revalidates this loader.
    html: {
      className: themeClass(theme),
      style: { "--font-scale": `${theme.fontPercentage}%`, ...accentTokens(theme) } as Record<string, string>,
    },
    // 'System' with the member's own accent: the rule with its dark shades for a dark device, made
    // here so the colour maths for it stays out of every page's script.
    systemAccentCss: systemAccentCss(theme),
    // The sidebar groups the member folded, so the first paint already shows them folded.
    navClosed: parseClosedGroups(readCookie(request, NAV_COOKIE)),
    // Answered by the session's own statement, sent beside the page's loaders (ADR 064): no D1
    // request of its own and no wait of its own.
    cartCount: (await member)?.cartCount ?? 0,
  };
}
