// A row's overflow menu ("⋯"): the actions a row keeps out of its way (Delete), behind one small
// button. A `<details>` disclosure, so it opens with no script; with script it also closes on Escape
// (focus back on its button), on a click outside and once one of its actions is chosen.
import { type ReactNode, useEffect, useRef } from "react";
import styles from "./OverflowMenu.module.css";

export function OverflowMenu({
  label,
  children,
}: {
  /** The button's accessible name ("More for intro.mp3"). */
  label: string;
  children: ReactNode;
}) {
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (event: Event) => {
      const details = menu.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.open = false;
        details.querySelector("summary")?.focus();
        return;
      }
      if (!details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener("pointerdown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("pointerdown", close);
      document.removeEventListener("keydown", close);
    };
  }, []);
  return (
    <details className={styles.menu} ref={menu}>
      <summary className={styles.toggle} aria-label={label} title={label}>
        <span aria-hidden>⋯</span>
      </summary>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a click bubbling up from the menu's own buttons, which take keys themselves */}
      <div
        className={styles.panel}
        onClick={(event) => {
          // A chosen action closes the menu (its own dialog or message takes over).
          if ((event.target as Element).closest("button, a") && menu.current) menu.current.open = false;
        }}
      >
        {children}
      </div>
    </details>
  );
}
