import type { HTMLAttributes, ReactNode } from "react";
import styles from "./Card.module.css";

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** "section" when the card has its own heading; "article" for an item in a list. */
  as?: "div" | "section" | "article" | "li";
  padding?: "none" | "md";
}

/** The one card style: surface, border, radius. Content never widens it (min-width: 0). */
export function Card({ as: Tag = "div", padding = "md", className, ...props }: CardProps) {
  return (
    <Tag
      className={[styles.card, padding === "none" && styles.flush, className].filter(Boolean).join(" ")}
      {...props}
    />
  );
}

export type BadgeTone = "neutral" | "accent" | "success" | "warning" | "danger" | "info";

/** A short status word ("Public", "Sold", "Running"); the colour repeats what the word says. */
export function Badge({ tone = "neutral", children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`${styles.badge} ${styles[tone]}`}>{children}</span>;
}

/** Progress of an upload, render or goal. `value` of `max`; without a value it says only that work is going on. */
export function ProgressBar({
  label,
  value,
  max = 100,
  valueText,
}: {
  label: string;
  value?: number | null;
  max?: number;
  /** What a screen reader hears instead of the percentage ("$420 of $1,000"). */
  valueText?: string;
}) {
  const known = value != null && Number.isFinite(value);
  const percent = known ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      className={styles.progress}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={known ? value : undefined}
      aria-valuetext={valueText}
    >
      <span
        className={known ? styles.fill : `${styles.fill} ${styles.indeterminate}`}
        style={{ width: known ? `${percent}%` : undefined }}
      />
    </div>
  );
}

/** A placeholder of the size of what is loading, so nothing jumps when it arrives. */
export function Skeleton({
  width = "100%",
  height = "1rem",
  label,
}: {
  width?: string;
  height?: string;
  label?: string;
}) {
  return (
    <>
      <span className={styles.skeleton} style={{ width, height }} aria-hidden />
      {label && (
        <span className="visually-hidden" role="status">
          {label}
        </span>
      )}
    </>
  );
}

/** What an empty list says, and the one thing to do about it. */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className={styles.empty}>
      <p className={styles.emptyTitle}>{title}</p>
      {children && <div className={styles.emptyBody}>{children}</div>}
      {action && <div className={styles.emptyAction}>{action}</div>}
    </div>
  );
}
