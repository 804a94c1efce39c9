// Admin-only calls. The role is read from the database on every request.
import { userQuerySchema } from "../../app/kernel/schemas/admin";
import { adminSummary } from "../domain/admin/summary";
import { listUsers } from "../domain/admin/users";
import { adminApi, publicApi, valid } from "./context";
import { adminPopups } from "./popups";

const dashboard = adminApi((app) =>
  app
    .get("/admin/summary", async (c) => c.json({ success: true, ...(await adminSummary(c.var.deps)) }))
    .get("/admin/users", valid("query", userQuerySchema), async (c) =>
      c.json(await listUsers(c.var.deps, c.req.valid("query"))),
    ),
);

export const adminUsersApi = publicApi().route("/", dashboard).route("/", adminPopups);
