// The header's links by role, exactly as seed 000 §2 lists them.
import type { SessionUser } from "../../worker/sessions";

export interface NavLinkItem {
  to: string;
  label: string;
}

const VISITOR: NavLinkItem[] = [
  { to: "/", label: "Home" },
  { to: "/signin", label: "Sign In" },
  { to: "/signup", label: "Sign Up" },
  { to: "/contact", label: "Contact" },
  { to: "/editmedia", label: "Services" },
  { to: "/bidgallery", label: "Auction" },
  { to: "/beatbattle", label: "Battle" },
];

const member = (userId: string): NavLinkItem[] => [
  { to: "/authenticated", label: "Home" },
  { to: "/digistore", label: "Store" },
  { to: `/digiprev/${userId}`, label: "Digi" },
  { to: "/digimanager", label: "Manager" },
  { to: `/checkOut/${userId}`, label: "Checkout" },
  { to: "/programming", label: "Programming" },
  { to: "/playselect", label: "Sequence" },
  { to: "/renderfiles", label: "Downloads" },
  { to: "/bidgallery", label: "Auction" },
  { to: "/beatbattle", label: "Battle" },
  { to: "/settings", label: "Settings" },
];

const ADMIN: NavLinkItem[] = [
  { to: "/farmertv", label: "FarmerTv" },
  { to: "/createbid", label: "CreateBid" },
  { to: "/theadministrator", label: "Admin" },
];

/** Links for the header. `/signout` (Log Out) is rendered separately, as a form. */
export function navigationFor(user: Pick<SessionUser, "id" | "role"> | null): NavLinkItem[] {
  if (!user) return VISITOR;
  return user.role === "admin" ? [...member(user.id), ...ADMIN] : member(user.id);
}
