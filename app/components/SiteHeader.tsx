import { useEffect, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import type { SessionUser } from "../../worker/sessions";
import { navigationFor } from "../lib/navigation";

export function SiteHeader({ user }: { user: SessionUser | null }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is the reason to close the menu.
  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <header className="site-header">
      <div className="bar">
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpen((v) => !v)}
        >
          <span aria-hidden>☰</span>
          <span className="visually-hidden">Menu</span>
        </button>
        <Link to="/" className="logo" aria-label="Creator Platform home">
          <span aria-hidden>◉</span> Creator Platform
        </Link>
        <p className="welcome">{user ? `Welcome, ${user.name}` : "Welcome"}</p>
      </div>
      <nav id="site-nav" aria-label="Main" className={open ? "nav open" : "nav"}>
        <ul>
          {navigationFor(user).map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end>
                {link.label}
              </NavLink>
            </li>
          ))}
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
