// The links between a show's team pages (ADR 054): the same line on Episodes, Stats and Team,
// the page you are on marked as current.
import { Link } from "react-router";
import showStyles from "./shows.module.css";

type Here = "manage" | "stats" | "team";

const PAGES: { here: Here; label: string }[] = [
  { here: "manage", label: "Episodes" },
  { here: "stats", label: "Stats" },
  { here: "team", label: "Team" },
];

export function ShowNav({ slug, here }: { slug: string; here: Here }) {
  return (
    <nav aria-label="Show" className={showStyles.muted}>
      <Link to="/shows">Shows</Link> · <Link to={`/shows/${slug}`}>Show page</Link>
      {PAGES.map((page) => (
        <span key={page.here}>
          {" · "}
          <Link to={`/shows/${slug}/${page.here}`} aria-current={page.here === here ? "page" : undefined}>
            {page.label}
          </Link>
        </span>
      ))}
      {" · "}
      <a href={`/api/shows/${slug}/feed.xml`}>RSS feed</a>
    </nav>
  );
}
