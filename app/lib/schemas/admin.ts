// The dashboard's user list query: a search and a page, bounded so no request reads everything.
import { z } from "zod";
import { memberText } from "./text";

export const USERS_PAGE_SIZE = 25;
/** Far beyond any real list at 25 a page; keeps OFFSET bounded. */
export const MAX_USERS_PAGE = 4000;

export const userQuerySchema = z.object({
  q: memberText().trim().max(100, "Search must be at most 100 characters.").catch("").default(""),
  page: z.coerce.number().int().min(1).max(MAX_USERS_PAGE).catch(1).default(1),
});
export type UserQuery = z.output<typeof userQuerySchema>;
