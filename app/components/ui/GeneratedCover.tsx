// A cover for what has no picture of its own (ADR 118): the title's initials on a gradient from the
// brand palette, the same gradient for the same title everywhere (like Spotify's playlist covers).
// The parent sizes it through `className` (width, aspect ratio, radius) and must not set its background.
import styles from "./GeneratedCover.module.css";

const TONES = 6;

/** Up to two initials: the first letter or digit of the first two words ("Late Night Beats" → "LN"). */
export function initialsOf(title: string) {
  const words = title.match(/[\p{L}\p{N}][\p{L}\p{N}'’]*/gu) ?? [];
  // A trailing number tells a series apart ("Episode 10", "Episode 11"): keep it whole, after the
  // first word's letter while short ("E10"), alone when longer ("2024").
  const last = words.at(-1) ?? "";
  if (words.length > 1 && /^\p{N}+$/u.test(last) && last.length <= 4) {
    return last.length <= 3 ? `${[...words[0]!][0]!.toLocaleUpperCase()}${last}` : last;
  }
  const letters = words.slice(0, 2).map((word) => [...word][0] ?? "");
  return letters.join("").toLocaleUpperCase() || "♪";
}

/** Which of the six gradients (1 to 6): a small string hash, so a title always gets the same one. */
export function toneOf(title: string) {
  let hash = 2166136261;
  for (const char of title.trim().toLowerCase()) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 16777619);
  }
  return ((hash >>> 0) % TONES) + 1;
}

export function GeneratedCover({
  title,
  className,
  wide = false,
  showTitle = false,
  label,
}: {
  title: string;
  className?: string;
  /** Wider than tall (16:9 cards, a hero): the letters are sized to the height, not the width. */
  wide?: boolean;
  /** The whole title in display type instead of its initials (a hero with no photo). */
  showTitle?: boolean;
  /** When the cover stands for a picture the page describes: read as an image with this name; otherwise hidden from assistive tech. */
  label?: string;
}) {
  const classes = [styles.cover, styles[`tone${toneOf(title)}`], wide && styles.wide, className].filter(Boolean);
  const initials = initialsOf(title);
  const a11y = label ? { role: "img", "aria-label": label } : { "aria-hidden": true };
  return (
    <span className={classes.join(" ")} {...a11y}>
      <span
        className={
          showTitle ? styles.title : initials.length > 2 ? `${styles.initials} ${styles.long}` : styles.initials
        }
      >
        {showTitle ? title : initials}
      </span>
    </span>
  );
}
