// Build configuration: vite.config.ts calls it in Node when Vite builds or serves; never in the Worker.
//
// Which paths go straight to the Worker (`assets.run_worker_first`, ADR 027, ninth session). By
// default a request asks the static-asset service first whether a file exists at its path, and only
// a miss reaches the Worker. For a page that check is pure cost: locally a call from miniflare's
// router into its asset worker, which looks up `/settings`, `/settings.html` and
// `/settings/index.html`: ~0.4–0.6 ms of workerd CPU per page; in production an asset-manifest
// lookup before every page. The price: the router tests each request against the rules in order, a
// few µs per rule, so an asset (which matches none) pays for all of them (ADR 027 has the figures).
// The paths the Worker owns are known: the routes of `app/routes.ts`, their single-fetch data URLs
// (`/settings.data`, `/_.data`), React Router's route discovery (`/__manifest`) and the API (`/api/*`).
//
// Only positive rules. A negative one (`!/assets/*`) would also send asset requests past the check,
// straight to the asset worker: a change to how assets are served, which this is not about. A path
// no rule names (the 404 route; another letter case, which React Router matches but a rule does
// not) still reaches the Worker after the asset check, as before.
import type { RouteConfigEntry } from "@react-router/dev/routes";

/** Wrangler's limit on `run_worker_first` rules. */
export const MAX_RULES = 100;

/** Always the Worker's: the API, single-fetch data requests and React Router's route discovery. */
const FIXED_RULES = ["/api/*", "/*.data", "/__manifest"];

export function workerFirstRules(routes: RouteConfigEntry[]): string[] {
  const rules = new Set(FIXED_RULES);
  const visit = (entries: RouteConfigEntry[], parent: string) => {
    for (const entry of entries) {
      // A pathless layout adds no segment; an index route answers at its parent's path.
      const path = entry.path === undefined ? parent : joinPaths(parent, entry.path);
      if (entry.children) visit(entry.children, path);
      if (entry.path === undefined && !entry.index) continue;
      for (const rule of rulesFor(path)) rules.add(rule);
    }
  };
  visit(routes, "");
  // Wrangler refuses a rule another makes redundant (`/campaigns/new` beside `/campaigns/*`).
  const wild = [...rules].filter((rule) => rule.endsWith("/*")).map((rule) => rule.slice(0, -1));
  const list = [...rules].filter((rule) => rule.endsWith("*") || !wild.some((prefix) => rule.startsWith(prefix)));
  if (list.length > MAX_RULES) {
    throw new Error(`run_worker_first: ${list.length} rules, more than Wrangler's ${MAX_RULES}.`);
  }
  return list;
}

function joinPaths(parent: string, path: string) {
  return [parent, path].filter(Boolean).join("/");
}

/**
 * The globs of one route path: its fixed segments as they are, and from its first parameter, splat
 * or optional segment on, `*` (which the asset router reads as "anything", slashes included).
 * A route that starts with a parameter or splat at the root (`*`, `:slug`) gets none: a rule for it
 * would claim the assets' paths too.
 */
function rulesFor(path: string): string[] {
  const fixed: string[] = [];
  for (const segment of path.split("/").filter(Boolean)) {
    const optional = segment.endsWith("?");
    if (segment.startsWith(":") || segment.includes("*") || optional) {
      if (fixed.length === 0) return [];
      const prefix = `/${fixed.join("/")}`;
      // An optional segment's route also answers without it.
      return optional ? [prefix, `${prefix}/*`] : [`${prefix}/*`];
    }
    fixed.push(segment);
  }
  return [`/${fixed.join("/")}`];
}
