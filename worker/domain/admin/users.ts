import { asc, count, desc, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { defaultDirection, USERS_PAGE_SIZE, type UserQuery, type UserSort } from "../../../app/kernel/schemas/admin";
import { users } from "../../db/schema";
import type { Deps } from "../deps";

const PUBLIC_COLUMNS = {
  id: users.id,
  name: users.name,
  username: users.username,
  email: users.email,
  verified: users.verified,
  role: users.role,
  createdAt: users.createdAt,
};

const SORT_COLUMNS: Record<UserSort, SQLiteColumn> = {
  joined: users.createdAt,
  name: users.name,
  username: users.username,
  email: users.email,
};

/** A LIKE pattern for text anywhere: `%`, `_` and `\` typed by the admin are searched for literally. */
export function containing(text: string) {
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
 * One page of the dashboard's user table (seed 001 §2.12), sorted as asked (newest first by
 * default), with the number of matches: one batch of two bounded queries, however many users
 * there are. Names sort without regard to case; the id breaks ties so pages never overlap.
 */
export async function listUsers(deps: Pick<Deps, "db">, query: UserQuery) {
  const where = matching(query.q);
  const dir = query.dir ?? defaultDirection(query.sort);
  const order = dir === "asc" ? asc : desc;
  const column = SORT_COLUMNS[query.sort];
  const key = query.sort === "joined" ? column : sql`${column} collate nocase`;
  const [rows, [total]] = await deps.db.batch([
    deps.db
      .select(PUBLIC_COLUMNS)
      .from(users)
      .where(where)
      .orderBy(order(key), order(users.id))
      .limit(USERS_PAGE_SIZE)
      .offset((query.page - 1) * USERS_PAGE_SIZE),
    deps.db.select({ n: count() }).from(users).where(where),
  ]);
  return { users: rows, total: total?.n ?? 0, page: query.page, pageSize: USERS_PAGE_SIZE, sort: query.sort, dir };
}
