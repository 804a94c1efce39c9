import { useEffect, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import type { SessionUser } from "../../worker/sessions";
import { navigationFor } from "../lib/navigation";

const MENU_ICON = (
  <>
    <span aria-hidden>☰</span>
    <span className="visually-hidden">Menu</span>
  </>
);

/**
 * The site header. `hydrates={false}` (a page with no React in the browser, ADR 026): the phone
 * menu is a native `<details>` disclosure that opens the nav through CSS (`:has`), so it works with
 * no script; links are plain anchors and Log Out a plain POST form either way.
 */
export function SiteHeader({ user, hydrates = true }: { user: SessionUser | null; hydrates?: boolean }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const current = location.pathname.toLowerCase();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is the reason to close the menu.
  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <header className="site-header">
      <div className="bar">
        {hydrates ? (
          <button
            type="button"
            className="menu-toggle"
            aria-expanded={open}
            aria-controls="site-nav"
            onClick={() => setOpen((v) => !v)}
          >
            {MENU_ICON}
          </button>
        ) : (
          <details className="menu-disclosure">
            <summary className="menu-toggle" aria-controls="site-nav">
              {MENU_ICON}
            </summary>
          </details>
        )}
        <Link to="/" className="logo" aria-label="Creator Platform home">
          <span aria-hidden>◉</span> Creator Platform
        </Link>
        {/* The username tells apart two members of the same name (and marks the page as this member's). */}
        <p className="welcome" title={user ? `Signed in as ${user.username}` : undefined}>
          {user ? `Welcome, ${user.name}` : "Welcome"}
        </p>
      </div>
      <nav id="site-nav" aria-label="Main" className={open ? "nav open" : "nav"}>
        <ul>
          {navigationFor(user).map((link) => {
            // What NavLink with `end` marks (case-insensitive, the whole path), from the one location
            // above instead of each link's own hooks: a fifth of the header's render (ADR 027).
            // NavLink's `pending` class is not styled, so nothing visible is lost.
            const active = current === link.to.toLowerCase();
            return (
              <li key={link.to}>
                <Link to={link.to} className={active ? "active" : undefined} aria-current={active ? "page" : undefined}>
                  {link.label}
                </Link>
              </li>
            );
          })}
          {user && (
            <li>
              <Form method="post" action="/signout" replace>
                <button type="submit" className="link-button">
                  Log Out
                </button>
              </Form>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}
