// Guards for loaders and actions: every one starts with one of these.
import { data, type RouterContextProvider, redirect } from "react-router";
import { type RequestContext, requestContext } from "../../worker/request-context";
import type { SessionUser } from "../../worker/sessions";

type Context = Readonly<RouterContextProvider>;

export function server(context: Context): RequestContext {
  return context.get(requestContext);
}

/**
 * A path of the app to return to, or null for anything else (no open redirects). The path is
 * resolved the way a browser resolves a Location header — against the app's origin, with tabs and
 * newlines dropped and `\\` read as `/` — and kept only if it stays on that origin; the answer is
 * the resolved path, so it never carries a control character into a header.
 */
export function safeReturnPath(path: string | null | undefined, origin: string): string | null {
  if (!path?.trim().startsWith("/")) return null;
  let url: URL;
  try {
    url = new URL(path, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function requireUser(context: Context, request: Request): SessionUser {
  const { user } = server(context);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`/signin?from=${encodeURIComponent(url.pathname + url.search)}`);
}

export function requireAdmin(context: Context, request: Request): SessionUser {
  const user = requireUser(context, request);
  if (user.role !== "admin") throw data("Admins only.", { status: 403, statusText: "Forbidden" });
  return user;
}

export function requireAnonymous(context: Context) {
  if (server(context).user) throw redirect("/authenticated");
}
