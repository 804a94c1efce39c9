// The fundraiser has no photo yet: instead of a placeholder, the kit it buys drawn as a composition on
// the brand's gradient — one line icon per item of the seed's equipment list, with its name and price.
import type { ReactNode } from "react";
import { formatMoneyShort } from "../../../kernel/format";
import { EQUIPMENT } from "../../../kernel/schemas/fundraiser-messages";
import styles from "./fundraiser.module.css";

/** Line icons (24×24, stroke in the current colour), one per kind of item, chosen by its name. */
const ICONS: { match: RegExp; path: ReactNode }[] = [
  {
    match: /liveu|encoder/i,
    path: (
      <>
        <rect x="3" y="7" width="18" height="12" rx="2" />
        <path d="M7 11h6M7 15h3" />
        <circle cx="17" cy="13" r="2" />
        <path d="M8 7 6 3M16 7l2-4" />
      </>
    ),
  },
  {
    match: /modem/i,
    path: (
      <>
        <rect x="8" y="9" width="8" height="12" rx="1.5" />
        <path d="M10 9V6h4v3M12 13v4" />
        <path d="M7 5a7 7 0 0 1 10 0M9.5 7.5a3.5 3.5 0 0 1 5 0" />
      </>
    ),
  },
  {
    match: /battery/i,
    path: (
      <>
        <rect x="3" y="7" width="16" height="10" rx="2" />
        <path d="M21 10v4M11 9l-2 3h4l-2 3" />
      </>
    ),
  },
  {
    match: /camera/i,
    path: (
      <>
        <rect x="2" y="7" width="14" height="11" rx="2" />
        <path d="m16 11 6-3v9l-6-3" />
        <circle cx="9" cy="12.5" r="2.5" />
      </>
    ),
  },
  {
    match: /backpack/i,
    path: (
      <>
        <path d="M6 9a6 6 0 0 1 12 0v10a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2z" />
        <path d="M9 5V3h6v2M9 14h6v4H9z" />
      </>
    ),
  },
];

function Icon({ item }: { item: string }) {
  const icon = ICONS.find((candidate) => candidate.match.test(item));
  return (
    <svg
      className={styles.kitIcon}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {icon?.path ?? <circle cx="12" cy="12" r="8" />}
    </svg>
  );
}

/** The hero: the cause's name and the kit, item by item; read as one picture named by `label`. */
export function EquipmentPicture({ label, className }: { label: string; className?: string }) {
  return (
    <div className={`${styles.kit} ${className ?? ""}`} role="img" aria-label={label}>
      <p className={styles.kitTitle}>Live broadcast kit</p>
      <ul className={styles.kitItems}>
        {EQUIPMENT.map((line) => (
          <li key={line.item} className={styles.kitItem}>
            <Icon item={line.item} />
            <span className={styles.kitName}>{line.item}</span>
            <span className={styles.kitPrice}>{formatMoneyShort(line.cents)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
