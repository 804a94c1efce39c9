// What every React Router loader and action receives from the Worker: the
// bindings, the per-request domain dependencies and the session user.
import { createContext } from "react-router";
import type { Caller, Deps } from "./domain/deps";
import type { SessionUser } from "./sessions";

export interface RequestContext {
  env: Env;
  ctx: ExecutionContext;
  deps: Deps;
  user: SessionUser | null;
  caller: Caller;
}

export const requestContext = createContext<RequestContext>();
