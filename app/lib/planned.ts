// Titles of the pages whose features are still to come (`planned(...)` in app/routes.ts), by
// first path segment. A page that is built leaves this list and the routes' `planned` entries.
const TITLES: Record<string, string> = {
  webpopup: "Web Popup",
};

export function plannedTitle(pathname: string): string {
  const segment = pathname.split("/")[1]?.toLowerCase() ?? "";
  return TITLES[segment] ?? "Coming soon";
}
