import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

/**
 * The request's drizzle database. Without `{ schema }`: that only serves the relational query API
 * (`db.query.*`), which the app does not use, and drizzle derives it from the whole schema again on
 * every call — one call per request — about a third of the Worker's own CPU for a member page
 * (ADR 027).
 */
export function database(d1: D1Database) {
  return drizzle(d1);
}

export type Database = ReturnType<typeof database>;
export { schema };
