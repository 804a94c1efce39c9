// The public chrome (ADR 117): the slim bar and the footer around the pages a creator's audience sees
// (stores, shows, the auction, the battle, the fundraiser…), and the focused chrome's logo-only bar
// for a guest with one task (signing, an invitation). No workspace sidebar in either.
import { Link } from "react-router";
import { ACCOUNT_LINKS, PUBLIC_LINKS } from "../lib/navigation";
import { AccountMenu, type HeaderUser, LogoMark, MenuToggle, NavItem, useMenu } from "./SiteHeader";

/**
 * Logo, five plain links, and on the right: Sign In / Sign Up for a visitor; for a member their cart
 * (when it holds something) and the account menu, 'Open workspace' first in it (so the bar stays one
 * line at 1280 px). On a phone the links fold under a Menu button (a `<details>` when the page loads
 * no script, ADR 026).
 */
export function PublicHeader({
  user,
  hydrates = true,
  cartCount = 0,
}: {
  user: HeaderUser | null;
  hydrates?: boolean;
  cartCount?: number;
}) {
  const { open, toggle, current } = useMenu();
  return (
    <header className="site-header public-bar">
      <div className="public-bar-inner">
        <Link to="/" className="logo">
          <LogoMark />
          <span>Creator Platform</span>
        </Link>
        <nav id="public-nav" aria-label="Main" className={open ? "public-nav open" : "public-nav"}>
          <ul>
            {PUBLIC_LINKS.map((link) => (
              <li key={link.to}>
                <NavItem link={link} current={current} />
              </li>
            ))}
          </ul>
        </nav>
        <div className="public-actions">
          {user ? (
            <>
              {cartCount > 0 && (
                <span className="public-cart">
                  <NavItem
                    link={{ to: `/checkOut/${user.id}`, label: "Checkout", cart: true }}
                    current={current}
                    cartCount={cartCount}
                  />
                </span>
              )}
              <AccountMenu
                user={user}
                current={current}
                links={[{ to: "/authenticated", label: "Open workspace" }, ...ACCOUNT_LINKS]}
              />
            </>
          ) : (
            <>
              <Link to="/signin" className="public-signin">
                Sign In
              </Link>
              <Link to="/signup" className="button primary public-signup">
                Sign Up
              </Link>
            </>
          )}
          <MenuToggle hydrates={hydrates} open={open} toggle={toggle} controls="public-nav" />
        </div>
      </div>
    </header>
  );
}

/** About, contact, the RSS feeds that fit the page, and the small print. */
export function PublicFooter({ showSlug }: { showSlug?: string }) {
  return (
    <footer className="public-footer">
      <div className="public-footer-inner">
        <div className="footer-about">
          <p className="footer-brand">
            <LogoMark />
            <span>Creator Platform</span>
          </p>
          <p className="muted">
            Where podcast, audio and video creators upload, publish, sell their beats and keep every episode's ad spots
            up to date.
          </p>
        </div>
        <nav aria-label="Footer" className="footer-links">
          <ul>
            <li>
              <Link to="/">About</Link>
            </li>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
            <li>
              <Link to="/community">Early Risers</Link>
            </li>
            <li>
              <Link to="/verify">Verify a signed document</Link>
            </li>
          </ul>
          <ul>
            {showSlug && (
              <li>
                {/* A feed, not a page: a plain anchor, never a client navigation. */}
                <a href={`/api/shows/${encodeURIComponent(showSlug)}/feed.xml`}>This show's RSS feed</a>
              </li>
            )}
            <li>
              <a href="/api/episodes/feed.xml">FarmerTV episodes RSS feed</a>
            </li>
          </ul>
        </nav>
        <p className="footer-legal muted">
          © Creator Platform. Every purchase comes with a licence PDF whose code anyone can check.
        </p>
      </div>
    </footer>
  );
}

/** The focused chrome's bar: the product's logo and nothing to click away to. */
export function FocusedHeader() {
  return (
    <header className="site-header focused-bar">
      <div className="focused-bar-inner">
        <p className="logo">
          <LogoMark />
          <span>Creator Platform</span>
        </p>
      </div>
    </header>
  );
}
