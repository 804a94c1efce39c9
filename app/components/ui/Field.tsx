import {
  type ComponentProps,
  cloneElement,
  type InputHTMLAttributes,
  isValidElement,
  type ReactElement,
  type ReactNode,
  type SelectHTMLAttributes,
  useId,
} from "react";
import styles from "./Field.module.css";

interface ControlProps {
  id?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
}

export interface FieldProps {
  label: ReactNode;
  /** A line under the label that says what is expected ("MP3 or WAV, up to 200 MB"). */
  hint?: ReactNode;
  /** The seed's validation message, shown under the control and read with it (aria-describedby). */
  error?: string | null;
  /** One control: `<input>`, `<textarea>`, `<Select>`. Its id and description are set here. */
  children: ReactElement<ControlProps>;
  className?: string;
}

/** A label, an optional hint, one control and its inline error, tied together for assistive technology. */
export function Field({ label, hint, error, children, className }: FieldProps) {
  const autoId = useId();
  const id = children.props.id ?? autoId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [children.props["aria-describedby"], hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(" ")}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {isValidElement(children) &&
        cloneElement(children, {
          id,
          "aria-describedby": describedBy,
          "aria-invalid": error ? true : children.props["aria-invalid"],
        })}
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A message beside a control that Field cannot wrap (a radio group, a drop zone): give the group
 * `aria-describedby={id}`.
 */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className={styles.error} role="alert">
      {children}
    </p>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  options?: SelectOption[];
  placeholder?: string;
}

/**
 * A native select (keyboard, phone pickers and forms without script come free) that never widens
 * the page: long file names are cut with an ellipsis in the closed box and each option keeps its
 * full name as its title.
 */
export function Select({ options, placeholder, className, children, ...props }: SelectProps) {
  return (
    <select className={[styles.control, styles.select, className].filter(Boolean).join(" ")} {...props}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options?.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled} title={option.label}>
          {option.label}
        </option>
      ))}
      {children}
    </select>
  );
}

/** A text input with the system's look; use inside a Field. */
export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={[styles.control, className].filter(Boolean).join(" ")} {...props} />;
}

/** A multi-line text input with the system's look; use inside a Field. */
export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={[styles.control, className].filter(Boolean).join(" ")} {...props} />;
}

interface ToggleProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type"> {
  label: ReactNode;
  hint?: ReactNode;
  /** The seed's validation message, shown under the label and read with the box. */
  error?: string | null;
}

function Toggle({ label, hint, error, className, asSwitch, ...props }: ToggleProps & { asSwitch: boolean }) {
  const hintId = useId();
  const errorId = useId();
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <>
      <label className={[styles.toggle, className].filter(Boolean).join(" ")}>
        <input
          type="checkbox"
          role={asSwitch ? "switch" : undefined}
          className={asSwitch ? styles.switch : styles.checkbox}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          {...props}
        />
        <span>
          {label}
          {hint && (
            <span id={hintId} className={styles.hint}>
              {hint}
            </span>
          )}
        </span>
      </label>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** A checkbox with its label on the right; the whole row is the click target. */
export function Checkbox(props: ToggleProps) {
  return <Toggle {...props} asSwitch={false} />;
}

/**
 * An on/off setting that takes effect as a setting (dark mode, public). A real checkbox with
 * role="switch", so it posts with the form and works before the page's script has loaded.
 */
export function Switch(props: ToggleProps) {
  return <Toggle {...props} asSwitch />;
}
