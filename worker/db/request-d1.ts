// The D1 a request sees: a Sessions API session (read replication) that
// starts from the member's last bookmark, so a member always reads their own
// writes even when a replica answers; and, in development, a count of the
// statements and round trips the request made (bench/queries). ADR 016.

import { readCookie, serializeCookie } from "../http/cookies";
import { SESSION_COOKIE } from "../sessions";

/** The member's latest D1 bookmark: where their next request's reads must start. */
export const BOOKMARK_COOKIE = "d1b";
const BOOKMARK_SECONDS = 24 * 60 * 60;

export interface D1Count {
  statements: number;
  roundTrips: number;
  /** Round trips the request waited for one after another: those sent while another was in flight overlap it. */
  waits: number;
}

export interface RequestD1 {
  db: D1Database;
  count: D1Count | null;
  /** Adds the bookmark cookie (members) and, in development, the count headers. */
  finish(response: Response): Response;
}

/** Is this request a member's (or becoming one)? Only they carry a bookmark: visitors' pages stay cacheable. */
function isMember(request: Request, response: Response) {
  return (
    Boolean(readCookie(request, SESSION_COOKIE)) ||
    response.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`))
  );
}

export function requestD1(env: Env, request: Request, { counting }: { counting: boolean }): RequestD1 {
  const bookmark = readCookie(request, BOOKMARK_COOKIE);
  const session = env.DB.withSession(bookmark || "first-unconstrained");
  const count = counting ? { statements: 0, roundTrips: 0, waits: 0 } : null;
  const db = (count ? countingD1(session, count) : session) as unknown as D1Database;
  return {
    db,
    count,
    finish(response) {
      const latest = session.getBookmark();
      const setBookmark = latest && latest !== bookmark && isMember(request, response);
      if (!setBookmark && !count) return response;
      // A WebSocket upgrade's answer cannot be copied; it needs neither.
      if (response.status === 101 || response.webSocket) return response;
      const out = new Response(response.body, response);
      if (setBookmark) {
        out.headers.append(
          "set-cookie",
          serializeCookie(request, BOOKMARK_COOKIE, latest, { maxAgeSeconds: BOOKMARK_SECONDS }),
        );
      }
      if (count) {
        out.headers.set("x-d1-statements", String(count.statements));
        out.headers.set("x-d1-round-trips", String(count.roundTrips));
        out.headers.set("x-d1-waits", String(count.waits));
      }
      return out;
    },
  };
}

/** Counts what reaches D1: each statement run alone is a round trip; a batch is one. */
function countingD1(session: D1DatabaseSession, count: D1Count): D1DatabaseSession {
  let inFlight = 0;
  const roundTrip = <T>(statements: number, send: () => Promise<T>): Promise<T> => {
    count.statements += statements;
    count.roundTrips++;
    if (inFlight === 0) count.waits++;
    inFlight++;
    return send().finally(() => inFlight--);
  };
  // The real statement behind each wrapper: D1's own batch() takes only its own objects.
  const inner = new WeakMap<D1PreparedStatement, D1PreparedStatement>();
  const statement = (real: D1PreparedStatement): D1PreparedStatement => {
    const wrapper = new Proxy(real, {
      get(target, name) {
        const value = Reflect.get(target, name, target);
        if (typeof value !== "function") return value;
        if (name === "bind") return (...args: unknown[]) => statement(value.apply(target, args));
        if (name === "first" || name === "all" || name === "run" || name === "raw") {
          return (...args: unknown[]) => roundTrip(1, () => value.apply(target, args));
        }
        return value.bind(target);
      },
    });
    inner.set(wrapper, real);
    return wrapper;
  };
  return new Proxy(session, {
    get(target, name) {
      if (name === "prepare") return (query: string) => statement(target.prepare(query));
      if (name === "batch")
        return (statements: D1PreparedStatement[]) =>
          roundTrip(statements.length, () => target.batch(statements.map((s) => inner.get(s) ?? s)));
      const value = Reflect.get(target, name, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
