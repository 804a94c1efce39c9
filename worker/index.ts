// The Worker: /api/* goes to the Hono app, every other method and path to
// React Router; queue() consumes jobs; scheduled() runs the sweeps.
import { createRequestHandler, RouterContextProvider } from "react-router";
import { api } from "./api";
import { callerOf } from "./api/context";
import { finishError } from "./api/errors";
import { isDevelopment } from "./config";
import { database } from "./db/client";
import { requestD1 } from "./db/request-d1";
import { makeDeps } from "./domain/deps";
import { cartSizeColumn } from "./domain/orders/cart";
import { carryOutPurges, edgeCached, edgeCacheEntry, edgePurger, storeAtEdge } from "./http/edge-cache";
import { crossOriginRefusal, isCrossOriginWrite } from "./http/origin";
import { renderForSession } from "./http/page-session";
import { consumeJobs } from "./jobs/consumer";
import { count, requestIdFor, since, withRequestId, withRequestIdHeader } from "./observability";
import { requestContext } from "./request-context";
import { runSweeps } from "./sweeps";
import { drainUnreadBody } from "./unread-body";

const loadBuild = () => import("virtual:react-router/server-build");
const developmentHandler = createRequestHandler(loadBuild, import.meta.env.MODE);
let builtHandler: ReturnType<typeof createRequestHandler> | undefined;

/**
 * React Router's request handler. Given the build as a function it derives its route table and
 * static handler from it again on every request (what development needs: the build changes under
 * it); the production build never changes, so it is derived once per isolate, at the first page
 * (ADR 027: ~8% of the Worker's CPU for `/settings`).
 */
async function handleDocument(request: Request, context: RouterContextProvider) {
  if (import.meta.env.DEV) return developmentHandler(request, context);
  builtHandler ??= createRequestHandler(await loadBuild(), import.meta.env.MODE);
  return builtHandler(request, context);
}

async function renderDocument(request: Request, origin: string, env: Env, ctx: ExecutionContext, beside: D1Database) {
  const deps = makeDeps(env, origin);
  const caller = callerOf(request);
  // The session is checked by D1 beside the page's own reads, not before them (ADR 024, ADR 057).
  // Not `{ ...deps }`: that would run its lazy getters (mail, payments) for every page.
  // The header's cart size rides on the session's own statement (ADR 064).
  const session = {
    db: deps.db,
    secret: deps.secret,
    now: deps.now,
    lookupDb: database(beside),
    facts: { cartCount: cartSizeColumn() },
  };
  return renderForSession(request, session, (user, member) => {
    const context = new RouterContextProvider();
    context.set(requestContext, { env, ctx, deps, user, member, caller });
    return handleDocument(request, context);
  });
}

function isApi(pathname: string) {
  return pathname === "/api" || pathname.startsWith("/api/");
}

async function respond(request: Request, env: Env, ctx: ExecutionContext) {
  if (isCrossOriginWrite(request)) return finishError(request, crossOriginRefusal());
  // A visitor's public page from the edge cache: no D1, no rendering (ADR 016).
  const url = new URL(request.url);
  // Counted from the start, so a cache hit reports the statements it really ran (none, unless a
  // change sends one its way), not a figure written for it.
  const d1 = requestD1(env, request, { counting: isDevelopment(env) });
  // One cache key per page whatever host name it was asked as (apex, www, workers.dev): the
  // configured origin, so a purge made through any of them reaches them all (issue 27 item 6).
  const canonical = env.APP_ORIGIN || url.origin;
  const edge = edgeCacheEntry(request, url, canonical);
  const purger = edgePurger(env);
  if (edge) {
    const hit = await edgeCached(edge, purger);
    if (hit) return d1.finish(hit);
  }
  const scoped: Env = { ...env, DB: d1.db };
  const response = isApi(url.pathname)
    ? await api.fetch(request, scoped, ctx)
    : await renderDocument(request, url.origin, scoped, ctx, d1.beside);
  const finished = d1.finish(response);
  // Pages this request's changes made stale (noted by the domain, worker/domain/changes.ts) leave the cache before it ends.
  ctx.waitUntil(carryOutPurges(canonical, purger));
  return edge ? storeAtEdge(ctx, edge, finished) : finished;
}

/** Pages a queue batch or a cron run made stale (a store preview ready, a sweep) leave the cache when it ends. */
async function thenPurge(env: Env, work: Promise<unknown>) {
  try {
    await work;
  } finally {
    // Without APP_ORIGIN the key's origin is unknown here: the next request's lookup carries them out.
    if (env.APP_ORIGIN) await carryOutPurges(env.APP_ORIGIN, edgePurger(env));
  }
}

export default {
  fetch(request, env, ctx) {
    const requestId = requestIdFor(request);
    return withRequestId(requestId, env, async () => {
      const start = Date.now();
      try {
        const response = withRequestIdHeader(await respond(request, env, ctx), requestId);
        count(isApi(new URL(request.url).pathname) ? "api.request" : "page.request", {
          status: response.status,
          durationMs: since(start),
        });
        return response;
      } finally {
        // Only the local servers need it (see unread-body.ts); Cloudflare's edge ends client
        // connections itself, so production reads no body nobody wanted.
        if (env.ENVIRONMENT !== "production") await drainUnreadBody(request);
      }
    });
  },
  queue: (batch, env) => withRequestId(crypto.randomUUID(), env, () => thenPurge(env, consumeJobs(batch, env))),
  scheduled: (_controller, env, ctx) =>
    ctx.waitUntil(withRequestId(crypto.randomUUID(), env, () => thenPurge(env, runSweeps(env)))),
} satisfies ExportedHandler<Env>;

export { BidItem } from "./domain/auction/bid-item";
export { Renderer } from "./renderer/container";
