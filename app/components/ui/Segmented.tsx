import { type ReactNode, useId } from "react";
import styles from "./Field.module.css";

export interface SegmentedOption {
  value: string;
  label: ReactNode;
}

/**
 * One choice of a few, side by side (System / Light / Dark): a radio group drawn as segments, so it
 * posts with its form and works with the keyboard (arrows move the choice) before any script.
 */
export function Segmented({
  legend,
  name,
  options,
  defaultValue,
  hint,
  error,
  id,
}: {
  legend: ReactNode;
  name: string;
  options: SegmentedOption[];
  defaultValue?: string;
  hint?: ReactNode;
  error?: string | null;
  id?: string;
}) {
  const hintId = useId();
  const errorId = useId();
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset className={styles.segmentedField} id={id} aria-describedby={describedBy}>
      <legend className={styles.label}>{legend}</legend>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <div className={styles.segmented}>
        {options.map((option) => (
          <label key={option.value} className={styles.segment}>
            <input type="radio" name={name} value={option.value} defaultChecked={option.value === defaultValue} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
