// Which chrome a page wears and the links each one holds (ADR 119):
// - public: the pages a creator's audience sees (a slim top bar, a footer, no workspace sidebar),
//   for visitors and for members alike;
// - workspace: everything a member does at work (the sidebar grouped by job);
// - focused: one task (a guest's signing or invitation; a route's state that asks for it through its
//   handle, such as checkout's payment step): the logo only.
// Every link keeps seed 000 §2's label as its name; the muted description beside it says what it does.
import type { SessionUser } from "../../worker/sessions";

export interface NavLinkItem {
  to: string;
  label: string;
  /** A few muted words beside the label: what the page is for. */
  description?: string;
  /** Shows the member's cart count beside the label. */
  cart?: boolean;
}

export interface NavGroup {
  /** The group's heading. */
  title: string;
  links: NavLinkItem[];
}

export type Chrome = "public" | "workspace" | "focused";

/** A route whose state is one task (checkout's payment step) asks for the focused chrome from its data. */
export interface FocusedHandle {
  focused: (data: unknown) => boolean;
}

/** Whether a matched route asks for the focused chrome. */
export function wantsFocus(matches: { handle?: unknown; loaderData?: unknown }[]): boolean {
  return matches.some(
    (match) => (match.handle as Partial<FocusedHandle> | undefined)?.focused?.(match.loaderData) === true,
  );
}

// Matched case-insensitively against the whole path (React Router matches routes the same way).
const FOCUSED: RegExp[] = [/^\/sign\/[^/]+\/?$/, /^\/invitations\/[^/]+\/?$/];
const PUBLIC: RegExp[] = [
  /^\/$/,
  /^\/(signin|signup|signout|contact|error|community|editmedia|beatbattle|fundraiser|webpopup)\/?$/,
  // The auction and each lot's page.
  /^\/bidgallery(\/[^/]+)?\/?$/,
  // The cart and the thank-you are the store's (its payment step asks for the focused chrome itself).
  /^\/checkout\/[^/]+\/?$/,
  /^\/farmereps(\/[^/]+)?\/?$/,
  /^\/digiprev\/[^/]+(\/[^/]+)?\/?$/,
  // A show's public page and its episodes; /shows, …/manage, …/stats and …/team are the member's work.
  /^\/shows\/[^/]+\/?$/,
  /^\/shows\/[^/]+\/episodes\/[^/]+\/?$/,
  /^\/licence\/[^/]+\/?$/,
  /^\/verify(\/[^/]+)?\/?$/,
  // The sponsor's read-only campaign report, opened from a share link without an account.
  /^\/campaign-reports\/[^/]+\/?$/,
  /^\/free\/[^/]+\/?$/,
  /^\/dev\/(mail|ui)\/?$/,
];

/**
 * The chrome for a path. `notFound` is the catch-all route (public whatever its path). A visitor who
 * reaches a page outside the public list (most send them to /signin first) still gets the public bar:
 * the workspace sidebar is for members only.
 */
export function chromeFor(pathname: string, signedIn: boolean, notFound = false): Chrome {
  const path = pathname.toLowerCase();
  if (FOCUSED.some((pattern) => pattern.test(path))) return "focused";
  if (notFound || !signedIn || PUBLIC.some((pattern) => pattern.test(path))) return "public";
  return "workspace";
}

/** The public bar's plain links: what an audience comes for (seed 000 §2's visitor links and labels). */
export const PUBLIC_LINKS: NavLinkItem[] = [
  { to: "/bidgallery", label: "Auction" },
  { to: "/beatbattle", label: "Battle" },
  { to: "/farmereps", label: "Episodes" },
  { to: "/fundraiser", label: "Fundraiser" },
  { to: "/editmedia", label: "Services" },
];

const member = (userId: string): NavGroup[] => [
  {
    title: "Create",
    links: [
      { to: "/authenticated", label: "Home", description: "your projects and shows" },
      { to: "/dropzone", label: "Drop Zone", description: "upload files" },
      { to: "/programming", label: "Programming", description: "swap spots across episodes" },
      { to: "/playselect", label: "Sequence", description: "play and render a playlist" },
      { to: "/renderfiles", label: "Downloads", description: "your rendered files" },
    ],
  },
  {
    // Shows (a member's own podcasts and their feeds) and Episodes (FarmerTV's public page) are
    // described so that neither is taken for the other.
    title: "Publish",
    links: [
      { to: "/shows", label: "Shows", description: "your podcasts and their feeds" },
      { to: "/farmertv", label: "FarmerTv", description: "upload to FarmerTV" },
      { to: "/farmereps", label: "Episodes", description: "watch FarmerTV episodes" },
    ],
  },
  {
    title: "Sell",
    links: [
      { to: "/digistore", label: "Store", description: "add a product" },
      { to: `/digiprev/${userId}`, label: "Digi", description: "your public store" },
      { to: "/digimanager", label: "Manager", description: "edit products, see sales" },
      { to: "/campaigns", label: "Campaigns", description: "sponsors, impressions, reports" },
      { to: `/checkOut/${userId}`, label: "Checkout", description: "your cart", cart: true },
    ],
  },
  {
    title: "Community",
    links: [
      { to: "/bidgallery", label: "Auction", description: "bid on live lots" },
      { to: "/beatbattle", label: "Battle", description: "enter the beat battle" },
      { to: "/fundraiser", label: "Fundraiser", description: "give to the cause" },
      { to: "/editmedia", label: "Services", description: "editing packages" },
    ],
  },
];

const ADMIN: NavGroup = {
  title: "Admin",
  links: [
    { to: "/theadministrator", label: "Admin", description: "dashboard: users, sales, orders" },
    { to: "/createbid", label: "CreateBid", description: "list new auction lots" },
    { to: "/membid", label: "Enter member items", description: "list a lot for a member" },
    { to: "/memitem", label: "Pending member items", description: "approve or deny members' lots" },
  ],
};

/** The cookie that remembers which sidebar groups the member folded (read on the server: no jump on load). */
export const NAV_COOKIE = "nav_closed";
const GROUP_TITLES = ["Admin", "Create", "Publish", "Sell", "Community"];

/** The folded groups a cookie names; anything else in it is ignored. */
export function parseClosedGroups(value: string | undefined): string[] {
  if (!value) return [];
  return [...new Set(value.split(",").filter((title) => GROUP_TITLES.includes(title)))];
}

/** The cookie that remembers `closed`, for a year, on every path. */
export function closedGroupsCookie(closed: Iterable<string>): string {
  return `${NAV_COOKIE}=${[...closed].filter((t) => GROUP_TITLES.includes(t)).join(",")}; path=/; max-age=31536000; samesite=lax`;
}

/** The group that holds the page at `current` (a lower-case path), if any. */
export function groupOf(groups: NavGroup[], current: string): string | undefined {
  return groups.find((group) => group.links.some((link) => link.to.toLowerCase() === current))?.title;
}

/** The account menu's links; Log Out is a form beside them. */
export const ACCOUNT_LINKS: NavLinkItem[] = [
  { to: "/settings", label: "Settings" },
  { to: "/purchases", label: "Purchases" },
];

/**
 * The workspace sidebar's groups. The admin's own group comes first, so it is in view without
 * scrolling the sidebar at 1280 × 800.
 */
export function workspaceNavigation(user: Pick<SessionUser, "id" | "role">): NavGroup[] {
  return user.role === "admin" ? [ADMIN, ...member(user.id)] : member(user.id);
}

/** Pages with no link of their own, by their path (lower case): the title the phone's header shows. */
const PAGE_TITLES: [RegExp, string][] = [
  [/^\/projects\/[^/]+\/?$/, "Project"],
  [/^\/bigfile\/[^/]+\/?$/, "File"],
  [/^\/programming\/[^/]+\/team\/?$/, "Program team"],
  [/^\/digimanager\/sales\/?$/, "Sales"],
  [/^\/digimanager\/[^/]+\/?$/, "Product"],
  [/^\/shows\/[^/]+\/manage\/?$/, "Show"],
  [/^\/shows\/[^/]+\/stats\/?$/, "Show stats"],
  [/^\/shows\/[^/]+\/team\/?$/, "Show team"],
  [/^\/campaigns\/new\/?$/, "New campaign"],
  [/^\/campaigns\/[^/]+\/?$/, "Campaign"],
  [/^\/beatbin\/?$/, "Beat bin"],
  [/^\/popcustom\/?$/, "Popup editor"],
  [/^\/checkout\/[^/]+\/?$/, "Checkout"],
];

/**
 * The current page's name for the workspace header (a phone shows it instead of the welcome line):
 * its link's seed label when the sidebar or the account menu holds it, a page's own name for the
 * pages under one (a project, a product), else the label of the link its path starts with.
 */
export function pageTitle(groups: NavGroup[], current: string): string {
  const path = current.toLowerCase().replace(/(.)\/$/, "$1");
  const links = [...groups.flatMap((group) => group.links), ...ACCOUNT_LINKS];
  const exact = links.find((link) => link.to.toLowerCase() === path);
  if (exact) return exact.label;
  const named = PAGE_TITLES.find(([pattern]) => pattern.test(path));
  if (named) return named[1];
  const parent = links
    .filter((link) => link.to !== "/" && path.startsWith(`${link.to.toLowerCase()}/`))
    .sort((a, b) => b.to.length - a.to.length)[0];
  return parent?.label ?? "Workspace";
}
