// Accounts (seed 000 §7): the session (sign-in, who am I, sign-out) and sign-up
// (availability check, e-mailed code, verification).
import { checkUserSchema, signinSchema, signupSchema, verifySchema } from "../../app/kernel/schemas/accounts";
import { signIn } from "../domain/accounts/signin";
import { checkUser, startSignup, verifySignup } from "../domain/accounts/signup";
import { deviceCookie } from "../security/device";
import { clearedSessionCookie, destroySession, sessionCookie } from "../sessions";
import { publicApi, valid } from "./context";

export const accountsApi = publicApi()
  .get("/session", (c) => c.json({ user: c.var.user }))
  .post("/session", valid("json", signinSchema), async (c) => {
    const { deps } = c.var;
    const { token, deviceToken, user } = await signIn(deps, c.req.valid("json"), c.var.caller);
    await destroySession(deps.db, c.req.raw);
    c.header("set-cookie", sessionCookie(c.req.raw, token));
    c.header("set-cookie", deviceCookie(c.req.raw, deviceToken), { append: true });
    return c.json({ user });
  })
  .delete("/session", async (c) => {
    await destroySession(c.var.deps.db, c.req.raw);
    c.header("set-cookie", clearedSessionCookie(c.req.raw));
    return c.body(null, 204);
  })
  .post("/signup/availability", valid("json", checkUserSchema), async (c) =>
    c.json({ errors: await checkUser(c.var.deps, c.req.valid("json")) }),
  )
  .post("/signup", valid("json", signupSchema), async (c) =>
    c.json(await startSignup(c.var.deps, c.req.valid("json"), c.var.caller), 202),
  )
  .post("/signup/verify", valid("json", verifySchema), async (c) => {
    const { deps } = c.var;
    const { token, user, next } = await verifySignup(deps, c.req.valid("json"), c.var.caller);
    await destroySession(deps.db, c.req.raw);
    c.header("set-cookie", sessionCookie(c.req.raw, token));
    return c.json({ user, next }, 201);
  });
