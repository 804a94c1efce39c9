// The header's links by role: seed 000 §2's links and labels, grouped as issue 28 §2 asks
// (ADR 036). Settings, Purchases and Log Out live in the account menu.
import type { SessionUser } from "../../worker/sessions";

export interface NavLinkItem {
  to: string;
  label: string;
  /** Shows the member's cart count beside the label. */
  cart?: boolean;
}

export interface NavGroup {
  /** The group's heading; null for the links that stand on their own. */
  title: string | null;
  links: NavLinkItem[];
}

const PUBLIC_COMMUNITY: NavLinkItem[] = [
  { to: "/bidgallery", label: "Auction" },
  { to: "/beatbattle", label: "Battle" },
  { to: "/farmereps", label: "Episodes" },
  { to: "/fundraiser", label: "Fundraiser" },
  { to: "/editmedia", label: "Services" },
];

const VISITOR: NavGroup[] = [
  {
    title: null,
    links: [
      { to: "/", label: "Home" },
      { to: "/signin", label: "Sign In" },
      { to: "/signup", label: "Sign Up" },
      { to: "/contact", label: "Contact" },
    ],
  },
  { title: "Community", links: PUBLIC_COMMUNITY },
];

const member = (userId: string): NavGroup[] => [
  {
    title: "Create",
    links: [
      { to: "/authenticated", label: "Home" },
      { to: "/dropzone", label: "Drop Zone" },
      { to: "/programming", label: "Programming" },
      { to: "/playselect", label: "Sequence" },
      { to: "/renderfiles", label: "Downloads" },
    ],
  },
  {
    title: "Sell",
    links: [
      { to: "/digistore", label: "Store" },
      { to: `/digiprev/${userId}`, label: "Digi" },
      { to: "/digimanager", label: "Manager" },
      { to: `/checkOut/${userId}`, label: "Checkout", cart: true },
    ],
  },
  // Every member may upload an episode, so FarmerTv is a member's link, not the admin's.
  { title: "Community", links: [...PUBLIC_COMMUNITY, { to: "/farmertv", label: "FarmerTv" }] },
];

const ADMIN: NavGroup = {
  title: "Admin",
  links: [
    { to: "/createbid", label: "CreateBid" },
    { to: "/theadministrator", label: "Admin" },
    { to: "/membid", label: "Enter member items" },
    { to: "/memitem", label: "Pending member items" },
  ],
};

/** The account menu's links; Log Out is a form beside them. */
export const ACCOUNT_LINKS: NavLinkItem[] = [
  { to: "/settings", label: "Settings" },
  { to: "/purchases", label: "Purchases" },
];

/** The grouped links of the main navigation. */
export function navigationFor(user: Pick<SessionUser, "id" | "role"> | null): NavGroup[] {
  if (!user) return VISITOR;
  return user.role === "admin" ? [...member(user.id), ADMIN] : member(user.id);
}
