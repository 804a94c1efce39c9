// The Hono environment every API area shares, and the two sub-app factories that make
// "signed in" and "admin" part of a route's type instead of a line to remember.
//
//   export const shipping = memberApi((app) => app.get("/shipping", (c) => … c.var.user.id …));
//   export const auctionAdmin = adminApi((app) => app.post("/bid-items/:code/close", …));
//
// The guard is attached to each route of the sub-app, not to a path prefix: a `.use()` on a
// sub-app mounted at "/" would also guard every area mounted after it (Hono's `route()` copies
// middleware as a `/*` route), turning other areas' 404s into 401s.
import { zValidator } from "@hono/zod-validator";
import { Hono, type MiddlewareHandler, type Schema, type ValidationTargets } from "hono";
import type { z } from "zod";
import { type Caller, type Deps, makeDeps } from "../domain/deps";
import { Forbidden, Unauthenticated } from "../domain/errors";
import { parse } from "../domain/validation";
import { readDeviceToken } from "../security/device";
import { readSessionUser, type SessionUser } from "../sessions";
import { directUploadOrigin } from "../storage/direct-uploads";

/** Every request: the session user may be absent (visitors). */
export interface AppEnv {
  Bindings: Env;
  Variables: { deps: Deps; user: SessionUser | null; caller: Caller };
}

/** Inside `memberApi()` / `adminApi()`: the guard has run, so `c.var.user` is there. */
export interface MemberEnv {
  Bindings: Env;
  Variables: { deps: Deps; user: SessionUser; caller: Caller };
}

export function clientId(request: Request): string {
  return request.headers.get("cf-connecting-ip") ?? "local";
}

export function callerOf(request: Request): Caller {
  return { clientId: clientId(request), deviceToken: readDeviceToken(request) };
}

/** Builds the per-request dependencies and reads the session user once. */
export const withSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const deps = makeDeps(c.env, new URL(c.req.url).origin, directUploadOrigin(c.req.raw));
  c.set("deps", deps);
  c.set("user", await readSessionUser(deps.db, deps.secret, c.req.raw));
  c.set("caller", callerOf(c.req.raw));
  await next();
};

const member: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) throw new Unauthenticated();
  await next();
};

const admin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) throw new Unauthenticated();
  if (c.var.user.role !== "admin") throw new Forbidden("Admins only.");
  await next();
};

function guarded<S extends Schema, B extends string>(
  guard: MiddlewareHandler<AppEnv>,
  build: (app: Hono<MemberEnv>) => Hono<MemberEnv, S, B>,
): Hono<AppEnv, S, B> {
  const routes = build(new Hono<MemberEnv>()).routes;
  const app = new Hono<AppEnv>();
  const seen = new Set<string>();
  // A route with validators is several entries with one method and path: guard the first only.
  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    const handler = route.handler as unknown as MiddlewareHandler<AppEnv>;
    if (seen.has(key)) app.on(route.method, route.path, handler);
    else app.on(route.method, route.path, guard, handler);
    seen.add(key);
  }
  return app as unknown as Hono<AppEnv, S, B>;
}

/** A sub-app whose every route answers 401 to visitors; handlers read a non-null `c.var.user`. */
export function memberApi<S extends Schema, B extends string>(build: (app: Hono<MemberEnv>) => Hono<MemberEnv, S, B>) {
  return guarded(member, build);
}

/** A sub-app whose every route answers 401 to visitors and 403 to members (role read per request). */
export function adminApi<S extends Schema, B extends string>(build: (app: Hono<MemberEnv>) => Hono<MemberEnv, S, B>) {
  return guarded(admin, build);
}

/** A sub-app open to visitors (`c.var.user` may be null): sign-in, public reads, token-authorised calls. */
export function publicApi() {
  return new Hono<AppEnv>();
}

/** zod validation of one input target; failures become `Invalid` with the shared schema's messages. */
export function valid<T extends keyof ValidationTargets, S extends z.ZodType>(target: T, schema: S) {
  return zValidator(target, schema, (result) => {
    if (!result.success) parse(schema, result.data);
  });
}
