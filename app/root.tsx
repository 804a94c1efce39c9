import { Meta, Outlet, ScrollRestoration, useLocation, useMatches, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
// The one font file every page uses (app/styles/fonts.css): preloaded so text is set in Inter on the
// first paint more often than not; the same hashed URL the stylesheet asks for.
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
// Evaluated at document start: it records where this document's history entries begin.
import "./lib/history";
import { FirstPaintLinks } from "./components/FirstPaintLinks";
import { LateScripts } from "./components/LateScripts";
import { LazyNowPlayingBar } from "./components/media/LazyNowPlayingBar";
import { PageError, useLoadFailedMessage } from "./components/PageError";
import { FocusedHeader, PublicFooter, PublicHeader } from "./components/PublicChrome";
import { SiteHeader } from "./components/SiteHeader";
// From their own files, not the ui barrel: the barrel would bring every component (Tabs and its
// Radix parts) into every page's first load (ADR 051).
import { UiProvider } from "./components/ui/UiProvider";
import { LazyUploadTray } from "./components/uploads/LazyUploadTray";
import { useHydrates } from "./lib/hydration";
import { chromeFor, wantsFocus } from "./lib/navigation";
import { skipAfterUndelivered } from "./lib/undelivered";
import type { loader } from "./root.server";

export { loader } from "./root.server";

// In every page's <head> through <FirstPaintLinks />, the landing page's too (it drops only <Scripts />, ADR 026).
export function links() {
  return [
    { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
    { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
    { rel: "icon", href: "/favicon-32.png", type: "image/png", sizes: "32x32" },
    { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
    { rel: "manifest", href: "/site.webmanifest" },
  ];
}

export function meta() {
  return [
    { title: "Creator Platform" },
    { name: "description", content: "Upload, organise, replace ad spots and render podcasts and videos." },
  ];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  // A page that opted out (the landing page) ships no script at all: no framework, no route
  // modules, no module preloads, no loader data (ADR 026).
  const hydrates = useHydrates();
  // The default accent is the brand's (tokens.css); a member's own colour is set here for both themes.
  // (Without the root's data, an error page: the device's theme at 100%.)
  const style = (data?.html.style ?? { "--font-scale": "100%" }) as React.CSSProperties;
  return (
    <html lang="en" className={data?.html.className} style={style}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The browser's own bar in the brand's violet (tokens.css --brand, ADR 117). */}
        <meta name="theme-color" content="#6d28d9" />
        <Meta />
        {/* 'System' with the member's own accent: its dark shades for a dark device. */}
        {data?.systemAccentCss && <style>{data.systemAccentCss}</style>}
        {/* <Links />, the stylesheets' text inside the page for the first paint (no CSS round trip). */}
        <FirstPaintLinks hydrates={hydrates} />
      </head>
      <body>
        <UiProvider>
          <Chrome
            user={data?.user ?? null}
            hydrates={hydrates}
            cartCount={data?.cartCount ?? 0}
            navClosed={data?.navClosed ?? []}
          >
            {children}
          </Chrome>
          {/* Empty until something plays; keeps a track going across pages (issue 28 §3). */}
          <LazyNowPlayingBar />
        </UiProvider>
        {hydrates && <ScrollRestoration />}
        {/* <Scripts />, fetched once the first screen is in (a slow phone's line goes to CSS and the LCP first). */}
        {hydrates && <LateScripts />}
      </body>
    </html>
  );
}

type ChromeUser = React.ComponentProps<typeof PublicHeader>["user"];

/**
 * The frame around the page (ADR 119): the public bar and footer for the audience's pages (visitors and
 * members alike), the workspace sidebar for a member at work, the logo alone for one task (a guest's
 * signing, checkout's payment step).
 */
function Chrome({
  user,
  hydrates,
  cartCount,
  navClosed,
  children,
}: {
  user: ChromeUser;
  hydrates: boolean;
  cartCount: number;
  navClosed: string[];
  children: React.ReactNode;
}) {
  const { pathname } = useLocation();
  const matches = useMatches();
  const notFound = matches.some((match) => match.id === "routes/not-found");
  const chrome = wantsFocus(matches) ? "focused" : chromeFor(pathname, !!user, notFound);
  // In the page's flow, above it: uploads keep going across pages and are offered again after a
  // restart (issue 32), and the tray never covers what the page shows.
  const tray = hydrates && <LazyUploadTray signedIn={!!user} />;
  if (chrome === "focused") {
    return (
      <div className="focused-shell">
        <FocusedHeader />
        <main className="page focused-page">{children}</main>
      </div>
    );
  }
  if (chrome === "workspace" && user) {
    return (
      <div className="shell">
        <SiteHeader user={user} hydrates={hydrates} cartCount={cartCount} closedGroups={navClosed} />
        <main className="page">
          {tray}
          {children}
        </main>
      </div>
    );
  }
  const show = /^\/shows\/([^/]+)/i.exec(pathname)?.[1];
  return (
    <div className="public-shell">
      <PublicHeader user={user} hydrates={hydrates} cartCount={cartCount} />
      <main className="page public-page">
        {tray}
        {children}
      </main>
      <PublicFooter showSlug={show ? decodeURIComponent(show) : undefined} />
    </div>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} loadFailed={useLoadFailedMessage()} />;
}

export const shouldRevalidate = skipAfterUndelivered;
