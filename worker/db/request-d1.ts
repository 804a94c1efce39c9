// The D1 a request sees: a Sessions API session (read replication) that
// starts from the member's last bookmark, so a member always reads their own
// writes even when a replica answers (ADR 016); and, in development, a count
// of the statements, round trips and sequential waits the request made
// (bench:queries, the workerd tests; ADR 057).

import { readCookie, serializeCookie } from "../http/cookies";
import { SESSION_COOKIE } from "../sessions";

/** The member's latest D1 bookmark: where their next request's reads must start. */
export const BOOKMARK_COOKIE = "d1b";
const BOOKMARK_SECONDS = 24 * 60 * 60;

export interface D1Count {
  statements: number;
  /** Requests sent to D1: a statement run alone is one, a batch is one. */
  roundTrips: number;
  /**
   * Round trips one after another: the longest chain in which each was sent after the one before
   * it had answered. Round trips sent side by side share a link; this is what a visitor far from
   * the primary waits for (ADR 057).
   */
  waits: number;
}

export interface RequestD1 {
  db: D1Database;
  /**
   * The same D1 session for a read nothing else of the request waits on (a page's session
   * lookup, sent beside the page's own reads: ADR 024): counted, but its answer does not make
   * the page's later round trips look dependent on it.
   */
  beside: D1Database;
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
  const counter = count ? new Counter(count) : null;
  return {
    db: (counter ? counted(session, counter, true) : session) as unknown as D1Database,
    beside: (counter ? counted(session, counter, false) : session) as unknown as D1Database,
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

/**
 * Counts one request's round trips. A round trip's place in the chain is one after the deepest
 * round trip that had answered when it was sent: without knowing what the code awaited, anything
 * already answered may have been waited for, so this never undercounts a chain.
 */
class Counter {
  #answered = 0;

  constructor(readonly count: D1Count) {}

  send<T>(statements: number, chained: boolean, send: () => Promise<T>): Promise<T> {
    this.count.statements += statements;
    this.count.roundTrips++;
    const depth = this.#answered + 1;
    this.count.waits = Math.max(this.count.waits, depth);
    return send().finally(() => {
      if (chained) this.#answered = Math.max(this.#answered, depth);
    });
  }
}

/** `session` with every statement and batch counted; `chained: false` for `RequestD1.beside`. */
function counted(session: D1DatabaseSession, counter: Counter, chained: boolean) {
  // D1's batch() takes only its own statements: the real one behind each wrapper.
  const inner = new WeakMap<D1PreparedStatement, D1PreparedStatement>();
  const statement = (prepared: D1PreparedStatement): D1PreparedStatement => {
    const wrapper = new Proxy(prepared, {
      get(target, name) {
        const value = Reflect.get(target, name, target);
        if (typeof value !== "function") return value;
        if (name === "bind") return (...args: unknown[]) => statement(value.apply(target, args));
        if (name === "first" || name === "all" || name === "run" || name === "raw") {
          return (...args: unknown[]) => counter.send(1, chained, () => value.apply(target, args));
        }
        return value.bind(target);
      },
    });
    inner.set(wrapper, prepared);
    return wrapper;
  };
  return new Proxy(session, {
    get(target, name) {
      if (name === "prepare") return (query: string) => statement(target.prepare(query));
      if (name === "batch") {
        return (statements: D1PreparedStatement[]) =>
          counter.send(statements.length, chained, () => target.batch(statements.map((s) => inner.get(s) ?? s)));
      }
      const value = Reflect.get(target, name, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
