// Admin-only calls. The role is read from the database on every request.
import { Hono } from "hono";
import { userQuerySchema } from "../../app/lib/schemas/admin";
import { adminSummary } from "../domain/admin/summary";
import { listUsers } from "../domain/admin/users";
import { type AppEnv, adminOnly, valid } from "./context";
import { adminPopups } from "./popups";

export const admin = new Hono<AppEnv>()
  .use(adminOnly)
  .get("/summary", async (c) => c.json({ success: true, ...(await adminSummary(c.get("deps"))) }))
  .get("/users", valid("query", userQuerySchema), async (c) =>
    c.json(await listUsers(c.get("deps"), c.req.valid("query"))),
  )
  .route("/", adminPopups);
