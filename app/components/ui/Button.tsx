import type { ButtonHTMLAttributes, ReactNode } from "react";
import styles from "./Button.module.css";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";
export type ButtonSize = "md" | "sm";

/** The class of a button of this variant: for a `<Link>` or `<a>` that should look like one. */
export function buttonClass(variant: ButtonVariant = "secondary", size: ButtonSize = "md", extra?: string) {
  return [styles.button, styles[variant], size === "sm" && styles.sm, extra].filter(Boolean).join(" ");
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** While true the button is disabled, marked aria-busy and shows `busyLabel` (the seed's "Saving...", "Deleting..."). */
  busy?: boolean;
  busyLabel?: ReactNode;
}

/** One button for every action. `type` defaults to "button" so a button never submits a form by accident. */
export function Button({
  variant = "secondary",
  size = "md",
  busy = false,
  busyLabel,
  className,
  disabled,
  type = "button",
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass(variant, size, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...props}
    >
      {busy && <span className={styles.spinner} aria-hidden />}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
