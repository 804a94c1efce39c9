// Public pages that are the same for every visitor, served from the edge
// cache (the Cache API of the data centre that answers) for a short while, so
// a hit costs no D1 query and no rendering. ADR 016.
//
// Only a visitor's first paint is cached: a GET of the document itself (not
// React Router's `.data` requests of client navigations), without a query
// string, from a browser that has neither a session cookie nor a theme cookie
// (both change the page), answered 200 without Set-Cookie.
//
// Adding a page is one line in EDGE_PAGES; whatever changes what it shows
// calls `purgeEdgePages("/the/path")` after the change. A purge is noted at
// once (synchronously, so domain code needs no request at hand) and carried
// out at the end of the request that made the change, or before this
// isolate's next cache lookup, whichever comes first. It clears the copy of
// the data centre that made the change; the others expire within the page's
// TTL, which is therefore kept short.
import { SESSION_COOKIE } from "../sessions";
import { readCookie } from "./cookies";

const THEME_COOKIE = "theme"; // app/lib/theme.ts: a visitor's own colours
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
 * A copy of each page hit kept in this isolate's memory for a few seconds (ADR 027): a busy page's
 * hits skip the Cache API's lookup and body copy. A purge drops this isolate's copy at once; other
 * isolates' copies end within HELD_SECONDS (as the active popup's own isolate copy does, within 30 s),
 * and a copy never outlives the page's TTL.
 */
const HELD_SECONDS = 5;
const HELD_PAGES = 64;
interface Held {
  body: ArrayBuffer;
  status: number;
  headers: [string, string][];
  until: number;
}
const held = new Map<string, Held>();

function holdCopy(key: string, body: ArrayBuffer, hit: Response, ttl: number, now: number) {
  const storedAt = Number(hit.headers.get(STORED_AT)) || now;
  const until = Math.min(now + HELD_SECONDS * 1000, storedAt + ttl * 1000);
  if (until <= now) return;
  if (held.size >= HELD_PAGES) held.delete(held.keys().next().value as string);
  held.set(key, { body, status: hit.status, headers: [...hit.headers], until });
}

/** The stored copy, marked as a hit; never cached again by the browser (a purge must reach it). */
export async function edgeCached(entry: { key: Request; ttl: number }): Promise<Response | null> {
  await carryOutPurges(new URL(entry.key.url).origin);
  const now = Date.now();
  const copy = held.get(entry.key.url);
  if (copy && copy.until > now) return asHit(new Response(copy.body, { status: copy.status, headers: copy.headers }));
  if (copy) held.delete(entry.key.url);
  const hit = await edgeCache().match(entry.key);
  if (!hit) return null;
  const body = await hit.arrayBuffer();
  holdCopy(entry.key.url, body, hit, entry.ttl, now);
  return asHit(new Response(body, hit));
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

const purges = new Set<string>();

/** Forgets the cached copies of these paths (this data centre's at once; the others within their TTL). */
export function purgeEdgePages(...paths: string[]) {
  for (const path of paths) {
    purges.add(path);
    for (const key of held.keys()) if (new URL(key).pathname === path) held.delete(key);
  }
}

/** Deletes the copies of every path purged so far (`origin`: the host this Worker answers as). */
export async function carryOutPurges(origin: string) {
  if (purges.size === 0) return;
  const paths = [...purges];
  purges.clear();
  await Promise.all(paths.map((path) => edgeCache().delete(cacheKey(origin, path))));
}
