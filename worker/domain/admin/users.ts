import { count, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { USERS_PAGE_SIZE, type UserQuery } from "../../../app/lib/schemas/admin";
import { users } from "../../db/schema";
import type { Deps } from "../deps";

const PUBLIC_COLUMNS = {
  id: users.id,
  name: users.name,
  username: users.username,
  email: users.email,
  verified: users.verified,
  role: users.role,
};

/** `%`, `_` and `\` typed by the admin are searched for literally. */
function containing(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function matching(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = containing(q);
  // LIKE is case-insensitive for ASCII in SQLite; ESCAPE makes the backslashes above literal markers.
  const likes = (column: SQLiteColumn) => sql`${column} like ${pattern} escape '\\'`;
  return or(likes(users.name), likes(users.username), likes(users.email));
}

/**
 * One page of the dashboard's user table (seed 001 §2.12), newest first, with the
 * number of matches; the page and the count are two bounded queries, however many users there are.
 */
export async function listUsers(deps: Pick<Deps, "db">, query: UserQuery) {
  const where = matching(query.q);
  const [rows, [total]] = await deps.db.batch([
    deps.db
      .select(PUBLIC_COLUMNS)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(USERS_PAGE_SIZE)
      .offset((query.page - 1) * USERS_PAGE_SIZE),
    deps.db.select({ n: count() }).from(users).where(where),
  ]);
  return { users: rows, total: total?.n ?? 0, page: query.page, pageSize: USERS_PAGE_SIZE };
}

/** The signed-in admin's own row, pinned above the list: it carries the popup controls (seed 001 §6). */
export async function userRow(deps: Pick<Deps, "db">, userId: string) {
  const [row] = await deps.db.select(PUBLIC_COLUMNS).from(users).where(eq(users.id, userId));
  return row ?? null;
}
