// The authorisation matrix (Unkey's habit): every route of an area called as a
// visitor, as another member, as an admin and as the owner, with the status
// each must get. One helper, so a new route is one more line in a list.
import { expect } from "vitest";
import { call } from "./http";

export type RouteCall = readonly [method: string, path: string, json?: unknown];

/** A status, or "ok" for any 2xx. */
export type Expected = number | "ok";

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

function check(status: number, expected: Expected, label: string) {
  if (expected === "ok") expect(status, label).toBeGreaterThanOrEqual(200);
  if (expected === "ok") expect(status, label).toBeLessThan(300);
  else expect(status, label).toBe(expected);
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
    for (const [method, path, json] of routes) {
      const response = await call(path, { method, json, cookie });
      check(response.status, want, `${role} ${method} ${path}`);
      await response.body?.cancel();
    }
  }
}
