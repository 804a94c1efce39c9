// The button that opens and closes a collapsed panel (notes, a program, a
// render): a chevron, then the label; the panel is `controls` and is hidden
// while `open` is false.
import type { ReactNode } from "react";

export function CollapseToggle({
  open,
  onToggle,
  controls,
  className,
  children,
}: {
  open: boolean;
  onToggle: () => void;
  controls: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className ? `collapse-toggle ${className}` : "collapse-toggle"}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      <span aria-hidden className="chevron">
        {open ? "▾" : "▸"}
      </span>{" "}
      {children}
    </button>
  );
}
