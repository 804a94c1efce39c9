import type { ReactNode } from "react";
import { Link } from "react-router";
import styles from "./Tabs.module.css";

export interface NavTab {
  to: string;
  label: string;
  current?: boolean;
}

/**
 * Tabs that are pages: links in a nav, the current one marked with aria-current and the tabs'
 * underline. `actions` sit at the row's right end (links that leave the set, such as a feed).
 */
export function NavTabs({ label, tabs, actions }: { label: string; tabs: NavTab[]; actions?: ReactNode }) {
  return (
    <nav aria-label={label} className={styles.navRow}>
      <ul className={styles.list}>
        {tabs.map((tab) => (
          <li key={tab.to}>
            <Link to={tab.to} className={styles.tab} aria-current={tab.current ? "page" : undefined}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
      {actions && <div className={styles.navActions}>{actions}</div>}
    </nav>
  );
}
