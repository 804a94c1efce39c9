import { useEffect, useRef, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import type { SessionUser } from "../../worker/sessions";
import { useHeightVariable } from "../lib/height-variable";
import {
  ACCOUNT_LINKS,
  closedGroupsCookie,
  groupOf,
  type NavGroup,
  type NavLinkItem,
  pageTitle,
  workspaceNavigation,
} from "../lib/navigation";

export const MENU_ICON = (
  <>
    <span aria-hidden>☰</span>
    <span className="visually-hidden">Menu</span>
  </>
);

/**
 * The product's mark (ADR 118): a waveform on a violet tile, one bar in coral, the slot a program swaps.
 * The same drawing as public/favicon.svg; here its colours are the theme's tokens.
 */
export function LogoMark() {
  return (
    <svg className="logo-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden focusable="false">
      <rect className="logo-tile" width="32" height="32" rx="8" />
      <g className="logo-bars">
        <rect x="5.5" y="12" width="3" height="8" rx="1.5" />
        <rect x="10.5" y="8" width="3" height="16" rx="1.5" />
        <rect x="20.5" y="9.5" width="3" height="13" rx="1.5" />
        <rect x="25.5" y="13" width="3" height="6" rx="1.5" />
      </g>
      <rect className="logo-slot" x="15.5" y="5" width="3" height="22" rx="1.5" />
    </svg>
  );
}

export type HeaderUser = Pick<SessionUser, "id" | "name" | "username" | "role">;

/**
 * The workspace's header and its sidebar of links grouped by job (ADR 117; the account menu and the
 * no-script fallbacks from ADR 036). `hydrates={false}` (a page with no React in the browser, ADR 026):
 * the phone menu and the account menu are native `<details>` disclosures that work with no script;
 * links are plain anchors and Log Out a plain POST form either way.
 */
export function SiteHeader({
  user,
  hydrates = true,
  cartCount = 0,
  closedGroups = [],
}: {
  user: HeaderUser;
  hydrates?: boolean;
  cartCount?: number;
  /** The groups the member folded (the root loader reads them from their cookie). */
  closedGroups?: string[];
}) {
  const { open, toggle, current } = useMenu();
  const groups = workspaceNavigation(user);
  // The sidebar is pinned under the header (shell.css), so it needs the header's height.
  const header = useHeightVariable<HTMLElement>("--workspace-header-height");

  return (
    <>
      <header className="site-header" ref={header}>
        <div className="bar">
          <MenuToggle hydrates={hydrates} open={open} toggle={toggle} controls="site-nav" />
          <Link to="/" className="logo">
            <LogoMark />
            <span>Creator Platform</span>
          </Link>
          {/* A phone has no room for both: it shows the page's name (the page's own h1 says it to a
              screen reader, so this copy is hidden from one) and the welcome line is read, not drawn. */}
          <p className="page-title" aria-hidden>
            {pageTitle(groups, current)}
          </p>
          {/* The username tells apart two members of the same name (and marks the page as this member's). */}
          <p className="welcome" title={`Signed in as ${user.username}`}>
            {`Welcome, ${user.name}`}
          </p>
          <AccountMenu user={user} current={current} />
        </div>
      </header>
      <nav id="site-nav" aria-label="Workspace" className={open ? "nav open" : "nav"}>
        <NavGroups groups={groups} current={current} cartCount={cartCount} closed={closedGroups} />
      </nav>
    </>
  );
}

/**
 * The sidebar's groups, each a `<details>` the member can fold (it works with no script too). Which
 * ones are folded is kept in a cookie, so the next page is drawn the same way on the server; the
 * current page's group is always opened.
 */
export function NavGroups({
  groups,
  current,
  cartCount,
  closed,
}: {
  groups: NavGroup[];
  current: string;
  cartCount: number;
  closed: string[];
}) {
  const here = groupOf(groups, current);
  const [folded, setFolded] = useState(() => new Set(closed.filter((title) => title !== here)));
  useEffect(() => {
    if (here) setFolded((previous) => (previous.has(here) ? without(previous, here) : previous));
  }, [here]);
  const toggled = (title: string, isOpen: boolean) =>
    setFolded((previous) => {
      if (isOpen !== previous.has(title)) return previous;
      const next = isOpen ? without(previous, title) : new Set(previous).add(title);
      // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie the server reads for the first paint.
      document.cookie = closedGroupsCookie(next);
      return next;
    });
  return groups.map((group) => {
    const id = `nav-${group.title.toLowerCase()}`;
    return (
      <details
        className="nav-group"
        key={group.title}
        open={!folded.has(group.title)}
        onToggle={(event) => toggled(group.title, event.currentTarget.open)}
      >
        <summary className="nav-title" id={id}>
          {group.title}
        </summary>
        <ul aria-labelledby={id}>
          {group.links.map((link) => (
            <li key={link.to} className={link.description ? "has-description" : undefined}>
              <NavItem link={link} current={current} cartCount={link.cart ? cartCount : 0} />
            </li>
          ))}
        </ul>
      </details>
    );
  });
}

function without(set: Set<string>, title: string) {
  const next = new Set(set);
  next.delete(title);
  return next;
}

/** The phone menu's open state, closed again on every new page; `current` is the path, lower case. */
export function useMenu() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const current = location.pathname.toLowerCase();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is the reason to close the menu.
  useEffect(() => setOpen(false), [location.pathname]);
  return { open, toggle: () => setOpen((v) => !v), current };
}

/** The phone menu's button; a `<details>` on a page with no script (its CSS opens the menu). */
export function MenuToggle({
  hydrates,
  open,
  toggle,
  controls,
}: {
  hydrates: boolean;
  open: boolean;
  toggle: () => void;
  controls: string;
}) {
  return hydrates ? (
    <button type="button" className="menu-toggle" aria-expanded={open} aria-controls={controls} onClick={toggle}>
      {MENU_ICON}
    </button>
  ) : (
    <details className="menu-disclosure">
      <summary className="menu-toggle" aria-controls={controls}>
        {MENU_ICON}
      </summary>
    </details>
  );
}

/**
 * One link. Its name is the seed's label alone; the description beside it is outside the link (its
 * `aria-describedby`), and the link's hit area stretches over it, so the whole row is one target.
 */
export function NavItem({ link, current, cartCount = 0 }: { link: NavLinkItem; current: string; cartCount?: number }) {
  // What NavLink with `end` marks (case-insensitive, the whole path), from the one location
  // above instead of each link's own hooks: a fifth of the header's render (ADR 027).
  const active = current === link.to.toLowerCase();
  const descriptionId = link.description ? `nav-desc-${link.to.replace(/[^a-z0-9]+/gi, "-")}` : undefined;
  return (
    <>
      <Link
        to={link.to}
        className={active ? "active" : undefined}
        aria-current={active ? "page" : undefined}
        aria-describedby={descriptionId}
        // The description as a tooltip too: one line in the sidebar may cut it short (shell.css).
        title={link.description ? `${link.label} — ${link.description}` : undefined}
      >
        {link.label}
        {cartCount > 0 && (
          <span className="nav-count">
            <span className="visually-hidden">, </span>
            {cartCount}
            <span className="visually-hidden"> in cart</span>
          </span>
        )}
      </Link>
      {link.description && (
        <span className="nav-description" id={descriptionId}>
          {link.description}
        </span>
      )}
    </>
  );
}

/**
 * Settings, Purchases and Log Out behind the member's initial. A `<details>` so it opens with no
 * script (the landing page); with script it also closes on Escape, on a click outside and on a new page.
 */
export function AccountMenu({
  user,
  current,
  links = ACCOUNT_LINKS,
}: {
  user: HeaderUser;
  current: string;
  /** The public bar puts 'Open workspace' first. */
  links?: NavLinkItem[];
}) {
  const menu = useRef<HTMLDetailsElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is the reason to close the menu.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [current]);
  useEffect(() => {
    const close = (event: Event) => {
      const details = menu.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.open = false;
        details.querySelector("summary")?.focus();
        return;
      }
      if (!details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener("pointerdown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("pointerdown", close);
      document.removeEventListener("keydown", close);
    };
  }, []);
  return (
    <details className="account-menu" ref={menu}>
      <summary>
        <span className="avatar" aria-hidden>
          {user.name.trim().charAt(0).toUpperCase() || "?"}
        </span>
        <span>Account</span>
      </summary>
      <div className="account-panel">
        {/* The name is in the bar from 641 px (drawn here on a phone); the username tells this account apart. */}
        <p className="account-who">
          <span className="account-name">{user.name}</span>
          <span className="muted">Signed in as</span>@{user.username}
        </p>
        <ul>
          {links.map((link) => (
            <li key={link.to}>
              <NavItem link={link} current={current} />
            </li>
          ))}
          <li>
            <Form method="post" action="/signout" replace>
              <button type="submit" className="link-button">
                Log Out
              </button>
            </Form>
          </li>
        </ul>
      </div>
    </details>
  );
}
