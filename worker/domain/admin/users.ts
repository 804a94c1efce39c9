import { asc } from "drizzle-orm";
import { users } from "../../db/schema";
import type { Deps } from "../deps";

/** The dashboard's table of every user (seed 001 §2.12). Admin only: checked by the adapters. */
export function listUsers(deps: Pick<Deps, "db">) {
  return deps.db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      email: users.email,
      verified: users.verified,
      role: users.role,
    })
    .from(users)
    .orderBy(asc(users.createdAt));
}
