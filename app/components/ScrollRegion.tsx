import type { ReactNode } from "react";

/**
 * The box around a wide table: on a narrow screen it scrolls sideways inside
 * itself (the page never does), and it is a named, focusable region so keyboard
 * users can scroll it with the arrow keys (WCAG 2.1.1, axe scrollable-region-focusable).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A <section> with a name is a region landmark.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard
    <section className="table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
