// A page's session, checked by D1 beside the page's own reads instead of
// before them (ADR 024, kept by ADR 057): the session costs a member page no
// wait of its own, and a cookie we did not sign costs no D1 at all.
import type { SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import {
  clearedSessionCookie,
  lookupSessionWith,
  readSessionClaim,
  SESSION_COOKIE,
  type SessionClaim,
  type SessionUser,
  sameSessionUser,
  sealSession,
  sessionCookie,
} from "../sessions";
import { readCookie } from "./cookies";

/** What the session's own statement answers beside the member: columns of `facts` (ADR 064). */
export type Facts<Extra extends Record<string, SQL.Aliased>> = {
  [Key in keyof Extra]: Extra[Key] extends SQL.Aliased<infer Value> ? Value : never;
};

/**
 * Renders the page for this member (null: a visitor), with the facts D1 answers about them (null for a
 * visitor or a session D1 does not confirm); called again only when D1 overrules the cookie.
 */
export type RenderFor<Extra extends Record<string, SQL.Aliased>> = (
  user: SessionUser | null,
  facts: Promise<Facts<Extra> | null>,
) => Promise<Response>;

interface SessionDeps<Extra extends Record<string, SQL.Aliased>> {
  db: Database;
  secret: string;
  now: () => number;
  /** Where a page read's lookup goes: the request's D1 as `RequestD1.beside` counts it (ADR 057); `db` without it. */
  lookupDb?: Database;
  /**
   * Columns every page needs about its member (the header's cart size), asked by the session's own
   * statement instead of a D1 request of their own (ADR 064).
   */
  facts: Extra;
}

/**
 * - No cookie, or one we did not sign or whose time is up: the page is rendered for a visitor with no
 *   D1 lookup (a leftover cookie is cleared).
 * - A read (GET/HEAD) with a signed cookie: the page is rendered for the member the cookie names while
 *   D1 looks the session up. The answer leaves only if D1 confirms the session and the member field for
 *   field; otherwise it is dropped and the page rendered again for D1's member (a visitor when the
 *   session has ended), with the cookie sealed afresh or cleared. Page loaders only read, so the
 *   dropped render changed nothing. This second render is the price of the wait it saves (ADR 057).
 * - A write (an action): D1 first, then the action, which must never run on an unconfirmed claim.
 */
export async function renderForSession<Extra extends Record<string, SQL.Aliased>>(
  request: Request,
  deps: SessionDeps<Extra>,
  render: RenderFor<Extra>,
): Promise<Response> {
  const now = deps.now();
  const claim = await readSessionClaim(deps.secret, request, now);
  if (!claim) {
    const response = await render(null, Promise.resolve(null));
    return readCookie(request, SESSION_COOKIE) && !setsSession(response)
      ? withCookie(response, clearedSessionCookie(request))
      : response;
  }
  const lookup = (db: Database) =>
    lookupSessionWith(db, claim.token, now, deps.facts).then((row) => (row ? split(row, deps.facts) : null));
  if (request.method !== "GET" && request.method !== "HEAD") {
    const found = await lookup(deps.db);
    const user = found?.user ?? null;
    return reconcile(request, deps.secret, claim, user, await render(user, Promise.resolve(found?.facts ?? null)));
  }
  const confirmed = lookup(deps.lookupDb ?? deps.db);
  const [speculative, found] = await Promise.all([
    render(
      claim.user,
      confirmed.then((row) => row?.facts ?? null),
    ),
    confirmed,
  ]);
  const user = found?.user ?? null;
  if (sameSessionUser(user, claim.user)) return speculative;
  await speculative.body?.cancel();
  return reconcile(request, deps.secret, claim, user, await render(user, Promise.resolve(found?.facts ?? null)));
}

/** The lookup's row as the member and the facts asked beside them. */
function split<Extra extends Record<string, SQL.Aliased>>(row: object, facts: Extra) {
  const user: Record<string, unknown> = { ...row };
  const answered: Record<string, unknown> = {};
  for (const key of Object.keys(facts)) {
    answered[key] = user[key];
    delete user[key];
  }
  return { user: user as SessionUser, facts: answered as Facts<Extra> };
}

/** Brings the cookie in line with D1 when they differ (a new name, role or theme; a session that ended). */
async function reconcile(
  request: Request,
  secret: string,
  claim: SessionClaim,
  user: SessionUser | null,
  response: Response,
): Promise<Response> {
  // An answer that sets a session itself (sign-in) or ends it (sign-out) has the last word.
  if (sameSessionUser(user, claim.user) || setsSession(response)) return response;
  const cookie = user
    ? sessionCookie(request, await sealSession(secret, { ...claim, user }))
    : clearedSessionCookie(request);
  return withCookie(response, cookie);
}

function setsSession(response: Response) {
  return response.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`));
}

function withCookie(response: Response, cookie: string): Response {
  const out = new Response(response.body, response);
  out.headers.append("set-cookie", cookie);
  return out;
}
