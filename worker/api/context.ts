// The Hono environment every API area shares, and the guards that read like sentences.
import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import { createMiddleware } from "hono/factory";
import type { z } from "zod";
import { type Caller, type Deps, makeDeps } from "../domain/deps";
import { Forbidden, Unauthenticated } from "../domain/errors";
import { parse } from "../domain/validation";
import { readDeviceToken } from "../security/device";
import { readSessionUser, type SessionUser } from "../sessions";

export interface AppEnv {
  Bindings: Env;
  Variables: { deps: Deps; user: SessionUser | null; caller: Caller };
}

export function clientId(request: Request): string {
  return request.headers.get("cf-connecting-ip") ?? "local";
}

export function callerOf(request: Request): Caller {
  return { clientId: clientId(request), deviceToken: readDeviceToken(request) };
}

/** Builds the per-request dependencies and reads the session user once. */
export const withSession = createMiddleware<AppEnv>(async (c, next) => {
  const deps = makeDeps(c.env, new URL(c.req.url).origin);
  c.set("deps", deps);
  c.set("user", await readSessionUser(deps.db, c.req.raw));
  c.set("caller", callerOf(c.req.raw));
  await next();
});

export function requireUser(user: SessionUser | null): SessionUser {
  if (!user) throw new Unauthenticated();
  return user;
}

export function requireAdmin(user: SessionUser | null): SessionUser {
  if (requireUser(user).role !== "admin") throw new Forbidden("Admins only.");
  return user!;
}

export const signedIn = createMiddleware<AppEnv>(async (c, next) => {
  requireUser(c.get("user"));
  await next();
});

export const adminOnly = createMiddleware<AppEnv>(async (c, next) => {
  requireAdmin(c.get("user"));
  await next();
});

/** zod validation of one input target; failures become `Invalid` with the shared schema's messages. */
export function valid<T extends keyof ValidationTargets, S extends z.ZodType>(target: T, schema: S) {
  return zValidator(target, schema, (result) => {
    if (!result.success) parse(schema, result.data);
  });
}
