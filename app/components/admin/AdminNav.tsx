// The dashboard's own navigation: one link per section (`?section=`), so each section is a short
// page of its own that the server renders, and a link to a section can be shared or bookmarked.
import { Link } from "react-router";
import { ADMIN_SECTIONS, type AdminSection } from "../../lib/schemas/admin";
import styles from "./admin.module.css";

export function sectionLink(section: AdminSection, params: Record<string, string | number | undefined> = {}) {
  const search = new URLSearchParams();
  if (section !== "overview") search.set("section", section);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined && value !== "") search.set(name, String(value));
  const query = search.toString();
  return query ? `/theAdministrator?${query}` : "/theAdministrator";
}

export function AdminNav({ current }: { current: AdminSection }) {
  return (
    <nav className={styles.nav} aria-label="Admin sections">
      <ul>
        {ADMIN_SECTIONS.map((section) => (
          <li key={section.id}>
            <Link to={sectionLink(section.id)} aria-current={section.id === current ? "page" : undefined}>
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Previous / next links of a paged list, with where the admin is. */
export function Pager({
  label,
  total,
  page,
  pageSize,
  noun,
  link,
}: {
  label: string;
  total: number;
  page: number;
  pageSize: number;
  noun: [string, string];
  link: (page: number) => string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const number = new Intl.NumberFormat("en-US");
  return (
    <nav className={styles.pager} aria-label={label}>
      <p aria-live="polite">
        {`${number.format(total)} ${total === 1 ? noun[0] : noun[1]} · page ${number.format(page)} of ${number.format(pages)}`}
      </p>
      {page > 1 && (
        <Link to={link(page - 1)} className="button small" rel="prev">
          Previous
        </Link>
      )}
      {page < pages && (
        <Link to={link(page + 1)} className="button small" rel="next">
          Next
        </Link>
      )}
    </nav>
  );
}
