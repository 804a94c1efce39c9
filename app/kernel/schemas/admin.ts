// The admin dashboard's queries: which section, and for the lists a search, a sort and a page,
// bounded so no request reads everything. A malformed value falls back to its default (never a 400).
import { z } from "zod";
import { memberText } from "./text";

/** The dashboard's sections, in the order of its navigation. */
export const ADMIN_SECTIONS = [
  { id: "overview", label: "Overview" },
  { id: "users", label: "Users" },
  { id: "popups", label: "Popups" },
  { id: "auction", label: "Auction" },
  { id: "beat-battle", label: "Beat battle" },
  { id: "community", label: "Community" },
  { id: "orders", label: "Orders" },
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number]["id"];
const SECTION_IDS = ADMIN_SECTIONS.map((section) => section.id) as [AdminSection, ...AdminSection[]];

export const USERS_PAGE_SIZE = 25;
/** Far beyond any real list at 25 a page; keeps OFFSET bounded. */
export const MAX_USERS_PAGE = 4000;

export const USER_SORTS = ["joined", "name", "username", "email"] as const;
export type UserSort = (typeof USER_SORTS)[number];

export const userQuerySchema = z.object({
  q: memberText().trim().max(100, "Search must be at most 100 characters.").catch("").default(""),
  page: z.coerce.number().int().min(1).max(MAX_USERS_PAGE).catch(1).default(1),
  sort: z.enum(USER_SORTS).catch("joined").default("joined"),
  /** Newest first by default; names read best A to Z. */
  dir: z.enum(["asc", "desc"]).optional().catch(undefined),
});
export type UserQuery = z.output<typeof userQuerySchema>;

/** The direction a sort goes in when none is asked for. */
export function defaultDirection(sort: UserSort): "asc" | "desc" {
  return sort === "joined" ? "desc" : "asc";
}

export const ORDERS_PAGE_SIZE = 25;
export type OrderQuery = z.output<typeof orderQuerySchema>;

export const orderQuerySchema = z.object({
  /** An order number (with or without its '#'), or part of the buyer's e-mail, name or username. */
  q: memberText().trim().max(100, "Search must be at most 100 characters.").catch("").default(""),
  page: z.coerce.number().int().min(1).max(MAX_USERS_PAGE).catch(1).default(1),
});

/**
 * The section asked for. A link with a user search or page but no section (older links, the
 * navigation journey's `?q=`) opens the users.
 */
export function sectionOf(params: URLSearchParams): AdminSection {
  const asked = z.enum(SECTION_IDS).safeParse(params.get("section"));
  if (asked.success) return asked.data;
  return params.has("q") || params.has("page") ? "users" : "overview";
}
