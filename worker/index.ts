// The Worker: /api/* goes to the Hono app, every other method and path to
// React Router; queue() consumes jobs; scheduled() runs the sweeps.
import { createRequestHandler, RouterContextProvider } from "react-router";
import { api } from "./api";
import { clientId } from "./api/context";
import { makeDeps } from "./domain/deps";
import { crossOriginRefusal, isCrossOriginWrite } from "./http/origin";
import { consumeJobs } from "./jobs/consumer";
import { requestContext } from "./request-context";
import { readSessionUser } from "./sessions";
import { runSweeps } from "./sweeps";

const handleDocument = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

function isApi(pathname: string) {
  return pathname === "/api" || pathname.startsWith("/api/");
}

export default {
  async fetch(request, env, ctx) {
    if (isCrossOriginWrite(request)) return crossOriginRefusal();
    if (isApi(new URL(request.url).pathname)) return api.fetch(request, env, ctx);

    const deps = makeDeps(env, new URL(request.url).origin);
    const context = new RouterContextProvider();
    context.set(requestContext, {
      env,
      ctx,
      deps,
      user: await readSessionUser(deps.db, request),
      caller: { clientId: clientId(request) },
    });
    return handleDocument(request, context);
  },
  queue: consumeJobs,
  scheduled: (_controller, env, ctx) => ctx.waitUntil(runSweeps(env)),
} satisfies ExportedHandler<Env>;

export { BidItem } from "./auction/bid-item";
export { Renderer } from "./renderer/container";
