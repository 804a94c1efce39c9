// The dashboard's own navigation, its one menu of sections: a tab bar of links (`?section=`), so
// each section is a short page of its own that the server renders, and a link to a section can be
// shared or bookmarked. On a phone the bar scrolls sideways and opens with the current tab in view.
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { ADMIN_SECTIONS, type AdminSection } from "../../../kernel/schemas/admin";
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
  const nav = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: again each time another section opens
  useEffect(() => {
    const link = nav.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const list = link?.closest("ul");
    if (link && list && list.scrollWidth > list.clientWidth)
      list.scrollLeft = link.offsetLeft - (list.clientWidth - link.offsetWidth) / 2;
  }, [current]);
  return (
    <nav ref={nav} className={styles.nav} aria-label="Admin sections">
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
