// One inline-editable field of a product card (seed 001 screen 2): click to
// edit; Enter or leaving the field saves; Escape, an empty or an invalid
// value ends editing without saving. The page allows one field at a time.
import { useEffect, useRef, useState } from "react";
import type { EditableField } from "../../../kernel/schemas/products-form-messages";
import { productSchemas } from "../../../lib/form-schemas";

/** The change to send, or null when the value must not be saved (empty, unchanged or invalid). */
async function changeOf(field: EditableField, value: string): Promise<Record<string, unknown> | null> {
  try {
    return (await productSchemas()).parseField(field, value);
  } catch {
    // The rules could not be loaded: the server checks the value by the same rules and its
    // refusal is the page's message, so the edit is not lost without a word.
    return value.trim() === "" ? null : { [field]: value.trim() };
  }
}

export function InlineField({
  field,
  label,
  shown,
  initial,
  editing,
  multiline,
  onEdit,
  onDone,
  onSave,
}: {
  field: EditableField;
  label: string;
  /** What the card shows when not editing. */
  shown: string;
  /** The input's starting value. */
  initial: string;
  editing: boolean;
  multiline?: boolean;
  onEdit: () => void;
  onDone: () => void;
  onSave: (change: Record<string, unknown>) => Promise<void>;
}) {
  const [value, setValue] = useState(initial);
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const ended = useRef(false);

  useEffect(() => {
    if (!editing) return;
    ended.current = false;
    setValue(initial);
    input.current?.focus();
    // The field's rules (and zod) load when a field is first edited, not with the page (ADR 051).
    productSchemas().catch(() => {});
  }, [editing, initial]);

  async function finish(save: boolean) {
    if (ended.current) return;
    ended.current = true;
    const change = save && value.trim() !== initial.trim() ? await changeOf(field, value) : null;
    if (!change) return onDone();
    setSaving(true);
    try {
      await onSave(change);
    } finally {
      setSaving(false);
      onDone();
    }
  }

  if (saving) return <p className="inline-field muted">Saving...</p>;
  if (!editing) {
    return (
      <button type="button" className={`inline-field ${field}`} onClick={onEdit} aria-label={`Edit ${label}: ${shown}`}>
        {shown}
      </button>
    );
  }
  const common = {
    ref: input,
    value,
    "aria-label": label,
    className: `inline-input ${field}`,
    onChange: (event: { target: { value: string } }) => setValue(event.target.value),
    onBlur: () => void finish(true),
    onKeyDown: (event: React.KeyboardEvent) => {
      if (event.key === "Escape") void finish(false);
      if (event.key === "Enter" && !(multiline && event.shiftKey)) {
        event.preventDefault();
        void finish(true);
      }
    },
  };
  return multiline ? (
    <textarea {...common} rows={3} />
  ) : (
    <input {...common} inputMode={field === "price" ? "decimal" : field === "quantity" ? "numeric" : undefined} />
  );
}
