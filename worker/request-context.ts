// What every React Router loader and action receives from the Worker: the
// bindings, the per-request domain dependencies, the session user and the facts about them
// its session's statement answered.
import { createContext } from "react-router";
import type { Caller, Deps } from "./domain/deps";
import type { SessionUser } from "./sessions";

export interface RequestContext {
  env: Env;
  ctx: ExecutionContext;
  deps: Deps;
  user: SessionUser | null;
  /** What the session's statement answered about the member (ADR 064); null for a visitor. */
  member: Promise<MemberFacts | null>;
  caller: Caller;
}

/** The facts every page's header needs about its member. */
export interface MemberFacts {
  cartCount: number;
}

export const requestContext = createContext<RequestContext>();
