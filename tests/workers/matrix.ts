// The authorisation matrix (Unkey's habit): every route of an area called as a
// visitor, as another member, as an admin and as the owner, with the status
// each must get. One helper, so a new route is one more line in a list.
import { expect } from "vitest";
import { call } from "./http";

/** A JSON body, or a page action's form (sent as application/x-www-form-urlencoded). */
export type RouteCall = readonly [method: string, path: string, body?: unknown];

/**
 * A status; "ok" for any 2xx; "served" for any answer but 401, 403 and 404; "answered" for any
 * answer but 401 and 403; "refused" for any 4xx. Never a 5xx, whichever is expected.
 */
export type Expected = number | "ok" | "served" | "answered" | "refused";

export interface Callers {
  /** Another member: someone else's ids must look missing (404), never forbidden. */
  other?: string;
  admin?: string;
  owner?: string;
}

export interface Matrix {
  visitor?: Expected;
  other?: Expected;
  admin?: Expected;
  owner?: Expected;
}

const FORM = "application/x-www-form-urlencoded";

function check(status: number, expected: Expected, label: string) {
  if (typeof expected === "number") return expect(status, label).toBe(expected);
  expect(status, label).toBeLessThan(expected === "ok" ? 300 : 500);
  if (expected === "ok") expect(status, label).toBeGreaterThanOrEqual(200);
  if (expected === "refused") expect(status, label).toBeGreaterThanOrEqual(400);
  if (expected === "served" || expected === "answered") expect([401, 403], label).not.toContain(status);
  if (expected === "served") expect(status, label).not.toBe(404);
}

/**
 * Calls each route as each caller that has an expectation, in the order visitor,
 * other, admin, owner (so an owner's DELETE runs last), and checks the status.
 */
export async function expectMatrix(routes: readonly RouteCall[], expected: Matrix, callers: Callers = {}) {
  const roles = [
    ["visitor", undefined],
    ["other", callers.other],
    ["admin", callers.admin],
    ["owner", callers.owner],
  ] as const;
  for (const [role, cookie] of roles) {
    const want = expected[role];
    if (want === undefined) continue;
    if (role !== "visitor" && !cookie) throw new Error(`expectMatrix: no cookie for ${role}`);
    for (const [method, path, body] of routes) {
      const response =
        body instanceof URLSearchParams
          ? await call(path, { method, body: body.toString(), cookie, headers: { "content-type": FORM } })
          : await call(path, { method, json: body, cookie });
      check(response.status, want, `${role} ${method} ${path}`);
      await response.body?.cancel();
    }
  }
}
