// The D1 a request sees: a Sessions API session (read replication) that
// starts from the member's last bookmark, so a member always reads their own
// writes even when a replica answers; and, in development, a count of the
// statements and round trips the request made (bench/queries). ADR 016.

import { readCookie, serializeCookie } from "../http/cookies";
import { SESSION_COOKIE } from "../sessions";
import { answerFromBatch, type Mode, NOT_EXACT, RideAlong, type Rider } from "./ride-along";

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
  /** Sends a read with the next round trip of reads this request makes; `release()`: alone, now, if still waiting (ADR 027). */
  ride(statement: Promise<D1PreparedStatement>): { result: Promise<D1Result>; release(): void };
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
  const { db, ride } = wrapD1(session, count);
  return {
    db: db as unknown as D1Database,
    count,
    ride,
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
 * Every round trip of the request goes through here: riders join the next round trip of reads
 * (ADR 027) and, in development, statements and round trips are counted (a statement run alone is
 * one round trip, a batch is one).
 */
function wrapD1(session: D1DatabaseSession, count: D1Count | null) {
  let inFlight = 0;
  const roundTrip = <T>(statements: number, send: () => Promise<T>): Promise<T> => {
    if (!count) return send();
    count.statements += statements;
    count.roundTrips++;
    if (inFlight === 0) count.waits++;
    inFlight++;
    return send().finally(() => inFlight--);
  };
  // The real statement behind each wrapper (D1's own batch() takes only its own objects) and its SQL.
  const inner = new WeakMap<D1PreparedStatement, D1PreparedStatement>();
  const sqlOf = new WeakMap<D1PreparedStatement, string>();
  const real = (s: D1PreparedStatement) => inner.get(s) ?? s;
  const along = new RideAlong((rider) => roundTrip(1, () => real(rider).all()));

  /** The page's statements and the rider in one batch; on failure each is sent again on its own. */
  async function shared(rider: Rider, reals: D1PreparedStatement[], alone: () => Promise<unknown>) {
    let results: D1Result[];
    try {
      const riderStatement = real(await rider.statement);
      results = await roundTrip(reals.length + 1, () => session.batch([riderStatement, ...reals]));
    } catch {
      along.resendAlone(rider);
      return { alone: await alone() };
    }
    rider.settle(Promise.resolve(results[0]!));
    return { results: results.slice(1) };
  }

  async function single(target: D1PreparedStatement, mode: Mode, call: () => Promise<unknown>) {
    const sql = sqlOf.get(target) ?? "";
    const rider = along.take([sql]);
    if (!rider) return roundTrip(1, call);
    const answer = await shared(rider, [target], () => roundTrip(1, call));
    if ("alone" in answer) return answer.alone;
    const rebuilt = answerFromBatch(answer.results[0]!, mode, sql);
    return rebuilt === NOT_EXACT ? roundTrip(1, call) : rebuilt;
  }

  const statement = (prepared: D1PreparedStatement, sql: string): D1PreparedStatement => {
    sqlOf.set(prepared, sql);
    const wrapper = new Proxy(prepared, {
      get(target, name) {
        const value = Reflect.get(target, name, target);
        if (typeof value !== "function") return value;
        if (name === "bind") return (...args: unknown[]) => statement(value.apply(target, args), sql);
        if (name === "first" || name === "all" || name === "run" || name === "raw") {
          return (...args: unknown[]) => single(target, modeOf(name, args), () => value.apply(target, args));
        }
        return value.bind(target);
      },
    });
    inner.set(wrapper, prepared);
    return wrapper;
  };
  const batch = async (statements: D1PreparedStatement[]) => {
    const reals = statements.map(real);
    const send = () => roundTrip(reals.length, () => session.batch(reals));
    const rider = along.take(reals.map((s) => sqlOf.get(s) ?? ""));
    if (!rider) return send();
    const answer = await shared(rider, reals, send);
    return "alone" in answer ? answer.alone : answer.results;
  };
  const db = new Proxy(session, {
    get(target, name) {
      if (name === "prepare") return (query: string) => statement(target.prepare(query), query);
      if (name === "batch") return batch;
      const value = Reflect.get(target, name, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db, ride: (statement: Promise<D1PreparedStatement>) => along.ride(statement) };
}

function modeOf(name: "first" | "all" | "run" | "raw", args: unknown[]): Mode {
  if (name === "first") return { kind: "first", column: args[0] as string | undefined };
  if (name === "raw") return { kind: "raw", columnNames: (args[0] as { columnNames?: boolean })?.columnNames };
  return { kind: name };
}
