// The header of a show's team pages (ADR 054): a way back to Shows, the page's title, and the
// pages as tabs (Episodes, Stats, Team), the current one marked; the public show page and the
// RSS feed, which leave the set, as buttons at the tabs' right end.
import { Link } from "react-router";
import { buttonClass, NavTabs } from "../../../components/ui";
import showStyles from "./shows.module.css";

type Here = "manage" | "stats" | "team";

const PAGES: { here: Here; label: string }[] = [
  { here: "manage", label: "Episodes" },
  { here: "stats", label: "Stats" },
  { here: "team", label: "Team" },
];

export function ShowNav({ slug, here, title }: { slug: string; here: Here; title: string }) {
  return (
    <header className={showStyles.pageHeader}>
      <p className={showStyles.muted}>
        <Link to="/shows">Shows</Link>
      </p>
      <h1>{title}</h1>
      <NavTabs
        label="Show"
        tabs={PAGES.map((page) => ({
          to: `/shows/${slug}/${page.here}`,
          label: page.label,
          current: page.here === here,
        }))}
        actions={
          <>
            <Link to={`/shows/${slug}`} className={buttonClass("secondary", "sm")}>
              Show page
            </Link>
            <a href={`/api/shows/${slug}/feed.xml`} className={buttonClass("ghost", "sm")}>
              RSS feed
            </a>
          </>
        }
      />
    </header>
  );
}
