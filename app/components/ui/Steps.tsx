// A short numbered list of what happens next ("What happens next", "How booking works"): muted,
// small, spaced. One style for every such list.
import type { ReactNode } from "react";
import styles from "./Steps.module.css";

export function Steps({ children, className }: { children: ReactNode; className?: string }) {
  return <ol className={className ? `${styles.steps} ${className}` : styles.steps}>{children}</ol>;
}
