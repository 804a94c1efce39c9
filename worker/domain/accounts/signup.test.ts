// Sign-up when the code's e-mail cannot be sent (the mail provider is down): the seed's message
// (000 §8), no pending sign-up left behind, and the API and page answer it as a 503, not a 500.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signupSchema, VERIFICATION_EMAIL_FAILED } from "../../../app/kernel/schemas/accounts";
import { expectConsoleError } from "../../../tests/workers/console";
import { uniqueUser } from "../../../tests/workers/http";
import { errorResponse } from "../../api/errors";
import { signups } from "../../db/schema";
import { makeDeps } from "../deps";
import { startSignup } from "./signup";

/** The app's dependencies with a mail provider that refuses every message. */
function depsWithMailDown() {
  const deps = makeDeps(env, "http://localhost");
  Object.defineProperty(deps, "mail", {
    value: {
      send: async () => {
        throw new Error("mail provider answered 502");
      },
    },
  });
  return deps;
}

describe("sign-up when the verification e-mail fails", () => {
  it("says 'Error sending verification email. Please try again.' and keeps no pending sign-up", async () => {
    expectConsoleError(/mail provider answered 502/);
    const deps = depsWithMailDown();
    const form = signupSchema.parse(uniqueUser());
    const caller = { clientId: `mail-down-${form.email}`, ip: "198.51.100.9" };
    const failure = await startSignup(deps, form, caller as never).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(VERIFICATION_EMAIL_FAILED);
    const answer = errorResponse(failure);
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ error: { code: "unavailable", message: VERIFICATION_EMAIL_FAILED } });
    expect(await deps.db.select().from(signups).where(eq(signups.email, form.email))).toEqual([]);
  });
});
