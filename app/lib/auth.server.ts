// Guards for loaders and actions: every one starts with one of these.
import { data, type RouterContextProvider, redirect } from "react-router";
import { type RequestContext, requestContext } from "../../worker/request-context";
import type { SessionUser } from "../../worker/sessions";

type Context = Readonly<RouterContextProvider>;

export function server(context: Context): RequestContext {
  return context.get(requestContext);
}

/** A same-site path to return to, or null for anything else (no open redirects). */
export function safeReturnPath(path: string | null | undefined): string | null {
  if (!path?.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return null;
  return path;
}

export function requireUser(context: Context, request: Request): SessionUser {
  const { user } = server(context);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`/signin?from=${encodeURIComponent(url.pathname + url.search)}`);
}

export function requireAdmin(context: Context, request: Request): SessionUser {
  const user = requireUser(context, request);
  if (user.role !== "admin") throw data("Admins only.", { status: 403 });
  return user;
}

export function requireAnonymous(context: Context) {
  if (server(context).user) throw redirect("/authenticated");
}
