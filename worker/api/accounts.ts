// Account calls of seed 000 §7 (sign-in, uniqueness check, verification, sign-up, sign-out).
import { Hono } from "hono";
import { checkUserSchema, signinSchema, signupSchema, verifySchema } from "../../app/lib/schemas/accounts";
import { signIn } from "../domain/accounts/signin";
import { checkUser, startSignup, verifySignup } from "../domain/accounts/signup";
import { deviceCookie } from "../security/device";
import { clearedSessionCookie, destroySession, sessionCookie } from "../sessions";
import { type AppEnv, valid } from "./context";

export const accounts = new Hono<AppEnv>()
  .get("/me", (c) => c.json({ user: c.get("user") }))
  .post("/check-user", valid("json", checkUserSchema), async (c) => {
    return c.json({ errors: await checkUser(c.get("deps"), c.req.valid("json")) });
  })
  .post("/signup", valid("json", signupSchema), async (c) => {
    const started = await startSignup(c.get("deps"), c.req.valid("json"), c.get("caller"));
    return c.json(started, 202);
  })
  .post("/signup/verify", valid("json", verifySchema), async (c) => {
    const deps = c.get("deps");
    const { token, user, next } = await verifySignup(deps, c.req.valid("json"), c.get("caller"));
    await destroySession(deps.db, c.req.raw);
    c.header("set-cookie", sessionCookie(c.req.raw, token));
    return c.json({ user, next }, 201);
  })
  .post("/signin", valid("json", signinSchema), async (c) => {
    const deps = c.get("deps");
    const { token, deviceToken, user } = await signIn(deps, c.req.valid("json"), c.get("caller"));
    await destroySession(deps.db, c.req.raw);
    c.header("set-cookie", sessionCookie(c.req.raw, token));
    c.header("set-cookie", deviceCookie(c.req.raw, deviceToken), { append: true });
    return c.json({ user });
  })
  .post("/signout", async (c) => {
    await destroySession(c.get("deps").db, c.req.raw);
    c.header("set-cookie", clearedSessionCookie(c.req.raw));
    return c.body(null, 204);
  });
