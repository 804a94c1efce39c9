import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
// Evaluated at document start: it records where this document's history entries begin.
import "./lib/history";
import { NowPlayingBar } from "./components/media/NowPlayingBar";
import { PageError, useLoadFailedMessage } from "./components/PageError";
import { FocusedHeader, PublicFooter, PublicHeader } from "./components/PublicChrome";
import { SiteHeader } from "./components/SiteHeader";
// From their own files, not the ui barrel: the barrel would bring every component (Tabs and its
// Radix parts) into every page's first load (ADR 051).
import { UiProvider } from "./components/ui/UiProvider";
import { LazyUploadTray } from "./components/uploads/LazyUploadTray";
import { accentTokens, DEFAULT_THEME } from "./kernel/theme";
import { useHydrates } from "./lib/hydration";
import { chromeFor } from "./lib/navigation";
import { skipAfterUndelivered } from "./lib/undelivered";
import type { loader } from "./root.server";

export { loader } from "./root.server";

export function meta() {
  return [
    { title: "Creator Platform" },
    { name: "description", content: "Upload, organise, replace ad spots and render podcasts and videos." },
  ];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const theme = data?.theme ?? DEFAULT_THEME;
  // A page that opted out (the landing page) ships no script at all: no framework, no route
  // modules, no module preloads, no loader data (ADR 026).
  const hydrates = useHydrates();
  const { "--accent": accent, ...readable } = accentTokens(theme);
  const style = {
    "--accent": accent,
    "--font-scale": `${theme.fontPercentage}%`,
    ...readable,
  } as React.CSSProperties;
  return (
    <html lang="en" className={theme.isDarkMode ? "dark" : undefined} style={style}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <UiProvider>
          <Chrome user={data?.user ?? null} hydrates={hydrates} cartCount={data?.cartCount ?? 0}>
            {children}
          </Chrome>
          {/* Empty until something plays; keeps a track going across pages (issue 28 §3). */}
          <NowPlayingBar />
        </UiProvider>
        {hydrates && <ScrollRestoration />}
        {hydrates && <Scripts />}
      </body>
    </html>
  );
}

type ChromeUser = React.ComponentProps<typeof PublicHeader>["user"];

/**
 * The frame around the page (ADR 117): the public bar and footer for the audience's pages (visitors and
 * members alike), the workspace sidebar for a member at work, the logo alone for a guest's one task.
 */
function Chrome({
  user,
  hydrates,
  cartCount,
  children,
}: {
  user: ChromeUser;
  hydrates: boolean;
  cartCount: number;
  children: React.ReactNode;
}) {
  const { pathname } = useLocation();
  const notFound = useMatches().some((match) => match.id === "routes/not-found");
  const chrome = chromeFor(pathname, !!user, notFound);
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
        <SiteHeader user={user} hydrates={hydrates} cartCount={cartCount} />
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
