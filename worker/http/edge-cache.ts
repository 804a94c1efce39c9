// Public pages that are the same for every visitor, served from the edge
// cache (the Cache API of the data centre that answers) for a short while, so
// a hit costs no D1 query and no rendering. ADR 016.
//
// Only a visitor's first paint is cached: a GET of the document itself (not
// React Router's `.data` requests of client navigations), without a query
// string, from a browser that has neither a session cookie nor a theme cookie
// (both change the page), answered 200 without Set-Cookie.
//
// Adding a page is one line in EDGE_PAGES and, for what changes it, a line in
// the table of affected addresses (./affected-urls.ts): the domain notes what a write changed in its own terms
// (`noteChange`, worker/domain/changes.ts), and the pages showing it are
// purged at the end of the request (or queue batch, or cron run) that made the
// change, or before this isolate's next cache lookup, whichever comes first:
// this data centre's copy is deleted through the Cache API, and every other
// data centre's through Cloudflare's purge-by-URL API (`EdgePurger`, ADR 049).
// The key is one URL per page under the configured APP_ORIGIN, so that one
// purged URL is every host name's copy.
import { takeChanges } from "../domain/changes";
import { observe } from "../observability";
import { SESSION_COOKIE } from "../sessions";
import { pagesShowing } from "./affected-urls";
import { readCookie } from "./cookies";

const THEME_COOKIE = "theme"; // app/kernel/theme.ts: a visitor's own colours
const STORED_AT = "x-edge-stored-at"; // on the Cache API's copy only: when it was rendered

interface EdgePage {
  /** A path; `:name` stands for one segment. */
  path: string;
  /** Seconds a copy may be served. */
  ttl: number;
}

export const EDGE_PAGES: EdgePage[] = [
  { path: "/", ttl: 60 }, // the active popup: purged when it changes
  { path: "/editmedia", ttl: 300 },
  { path: "/farmereps", ttl: 300 }, // rendered with its episodes: purged when one changes
  { path: "/farmereps/:episodeId", ttl: 300 },
  { path: "/digiprev/:userId", ttl: 60 }, // a seller's store page: purge on product changes
  { path: "/bidgallery", ttl: 15 }, // first paint only; live sockets bring prices at once
];

function matches(pattern: string, pathname: string) {
  const want = pattern.split("/");
  const got = pathname.split("/");
  if (want.length !== got.length) return false;
  return want.every((part, i) => (part.startsWith(":") ? got[i] !== "" : part.toLowerCase() === got[i]!.toLowerCase()));
}

/** The page's cache entry when this request may be answered from (and stored in) the edge cache. */
export function edgeCacheEntry(
  request: Request,
  url = new URL(request.url),
  /** The key's origin: the configured APP_ORIGIN, so every host name shares one copy and one purge. */
  origin = url.origin,
): { key: Request; ttl: number } | null {
  if (request.method !== "GET") return null;
  if (url.search || readCookie(request, SESSION_COOKIE) || readCookie(request, THEME_COOKIE)) return null;
  const page = EDGE_PAGES.find((p) => matches(p.path, url.pathname));
  return page ? { key: cacheKey(origin, url.pathname), ttl: page.ttl } : null;
}

// The Workers runtime's own cache; the DOM types the app also compiles with do not know `caches.default`.
const edgeCache = () => (caches as unknown as { default: Cache }).default;

function cacheKey(origin: string, pathname: string) {
  return new Request(`${origin}${pathname}`, { method: "GET" });
}

/**
 * The stored copy, marked as a hit; never cached again by the browser (a purge must reach it).
 * No copy is kept in the isolate's memory (ADR 049 retires ADR 027's 5 s copy): another isolate
 * cannot learn of a purge, so its copy would outlive it.
 */
export async function edgeCached(entry: { key: Request; ttl: number }, purger: EdgePurger): Promise<Response | null> {
  await carryOutPurges(new URL(entry.key.url).origin, purger);
  const hit = await edgeCache().match(entry.key);
  if (!hit) return null;
  return asHit(new Response(hit.body, hit));
}

function asHit(response: Response) {
  response.headers.delete(STORED_AT);
  response.headers.set("cache-control", "no-cache");
  response.headers.set("x-edge-cache", "HIT");
  return response;
}

/** Stores a fresh page (200, no Set-Cookie) for `ttl` seconds beside answering it. */
export function storeAtEdge(ctx: ExecutionContext, entry: { key: Request; ttl: number }, response: Response) {
  if (response.status !== 200 || response.headers.has("set-cookie") || !response.body) return response;
  const [forCache, forClient] = response.body.tee();
  const stored = new Response(forCache, response);
  stored.headers.set("cache-control", `public, max-age=${entry.ttl}`);
  stored.headers.set(STORED_AT, String(Date.now()));
  for (const name of ["x-d1-statements", "x-d1-round-trips", "x-d1-waits"]) stored.headers.delete(name); // this request's, not a hit's
  ctx.waitUntil(edgeCache().put(entry.key, stored));
  const answer = new Response(forClient, response);
  answer.headers.set("cache-control", "no-cache");
  answer.headers.set("x-edge-cache", "MISS");
  return answer;
}

/**
 * Deletes the copies of every page the changes noted so far made stale (`origin`: the canonical
 * origin the keys are made under): this data centre's through the Cache API, the others' through `purger`.
 */
export async function carryOutPurges(origin: string, purger: EdgePurger) {
  const paths = [...new Set(takeChanges().flatMap(pagesShowing))];
  if (paths.length === 0) return;
  observe("cache.purge", { urls: paths.length, first: paths[0], via: purger.name });
  await Promise.all([
    ...paths.map((path) => edgeCache().delete(cacheKey(origin, path))),
    purger.purgeUrls(paths.map((path) => cacheKey(origin, path).url)),
  ]);
}

/** Clears the cached copies of these URLs in every data centre (the Cache API's delete is only this one's). */
export interface EdgePurger {
  /** For logs and tests: which purge this is. */
  readonly name: "cloudflare" | "local stand-in";
  purgeUrls(urls: readonly string[]): Promise<void>;
}

export const CLOUDFLARE_API = "https://api.cloudflare.com/client/v4";
/** Purge-by-URL takes at most 100 URLs a call on every plan but Enterprise (500). */
export const URLS_PER_PURGE = 100;

/**
 * Production: Cloudflare's purge-by-URL API (`POST /zones/{zone}/purge_cache` with `{ files }`),
 * which also removes Cache API entries stored under those URLs in every data centre. A failed purge
 * is logged, not thrown: the change is already made, and the page's short TTL bounds the staleness.
 */
export function cloudflarePurger(
  settings: { zoneId: string; token: string },
  fetchFn: typeof fetch = fetch,
): EdgePurger {
  return {
    name: "cloudflare",
    async purgeUrls(urls) {
      for (let start = 0; start < urls.length; start += URLS_PER_PURGE) {
        const files = urls.slice(start, start + URLS_PER_PURGE);
        try {
          const response = await fetchFn(`${CLOUDFLARE_API}/zones/${encodeURIComponent(settings.zoneId)}/purge_cache`, {
            method: "POST",
            headers: { authorization: `Bearer ${settings.token}`, "content-type": "application/json" },
            body: JSON.stringify({ files }),
          });
          const answer = (await response.json().catch(() => null)) as {
            success?: boolean;
            errors?: { code: number; message: string }[];
          } | null;
          if (!response.ok || !answer?.success) {
            const why = answer?.errors?.map((e) => `${e.code} ${e.message}`).join("; ") || `HTTP ${response.status}`;
            console.error(`edge purge of ${files.join(" ")} failed: ${why}`);
          }
        } catch (error) {
          console.error(`edge purge of ${files.join(" ")} failed:`, error);
        }
      }
    },
  };
}

/**
 * LOCAL STAND-IN for Cloudflare's purge-by-URL API, used wherever CF_ZONE_ID and CF_PURGE_TOKEN are
 * not set (development, tests, previews). Locally there is one data centre, whose copy
 * `carryOutPurges` deletes itself; the stand-in only records the URLs the production purge would be
 * sent (newest last, the last LOCAL_PURGES_KEPT), so tests can check which pages a change purges.
 */
export const localPurges: string[] = [];
const LOCAL_PURGES_KEPT = 500;
export const localPurger: EdgePurger = {
  name: "local stand-in",
  async purgeUrls(urls) {
    localPurges.push(...urls);
    if (localPurges.length > LOCAL_PURGES_KEPT) localPurges.splice(0, localPurges.length - LOCAL_PURGES_KEPT);
  },
};

let warnedUnconfigured = false;

/** Cloudflare's purge when the zone and a token with Cache Purge permission are configured, else the stand-in. */
export function edgePurger(env: Pick<Env, "CF_ZONE_ID" | "CF_PURGE_TOKEN" | "ENVIRONMENT">): EdgePurger {
  if (env.CF_ZONE_ID && env.CF_PURGE_TOKEN)
    return cloudflarePurger({ zoneId: env.CF_ZONE_ID, token: env.CF_PURGE_TOKEN });
  if (env.ENVIRONMENT === "production" && !warnedUnconfigured) {
    warnedUnconfigured = true;
    console.warn("CF_ZONE_ID / CF_PURGE_TOKEN not set: other data centres keep a purged page until its TTL ends");
  }
  return localPurger;
}
