// Admin-only calls. The role is read from the database on every request.
import { Hono } from "hono";
import { listUsers } from "../domain/admin/users";
import { type AppEnv, adminOnly } from "./context";

export const admin = new Hono<AppEnv>()
  .use(adminOnly)
  .get("/users", async (c) => c.json({ users: await listUsers(c.get("deps")) }));
