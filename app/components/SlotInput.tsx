// The slot letter of a playlist item or a program file (seed 000 §4, §5),
// saved as soon as it changes; the server checks that the letter is free and
// its answer shows beside the input ('Saved', or the error).
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { type SlotRule, slotLetterError } from "../kernel/schemas/slot-letters";

interface SlotAnswer {
  error?: { message: string };
}

export function SlotInput({
  name,
  letter,
  rule,
  placeholder,
  fields,
  label,
}: {
  /** The file's name as shown, for the input's label. */
  name: string;
  /** A visible label instead of the hidden "Slot letter for <name>" (the workspace's inspector). */
  label?: string;
  /** The letter the server has. */
  letter: string;
  /** The letter's rule from app/kernel/schemas/slot-letters.ts, the one the action's schema is built on
   * (a program file must keep a letter; a playlist item may lose its letter). */
  rule: SlotRule;
  placeholder?: string;
  /** The intent and the row's id, sent with the letter. */
  fields: Record<string, string>;
}) {
  const fetcher = useFetcher<SlotAnswer>();
  const id = useId();
  const [draft, setDraft] = useState(letter);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  /** A letter was typed that the server has not confirmed (yet). */
  const typed = useRef(false);
  const answer = fetcher.data;
  const seen = useRef<SlotAnswer | undefined>(undefined);
  useEffect(() => {
    if (!answer || seen.current === answer) return;
    seen.current = answer;
    if (answer.error) setError(answer.error.message);
    else {
      typed.current = false;
      setError(null);
      setSaved(true);
    }
  }, [answer]);
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), 2000);
    return () => clearTimeout(timer);
  }, [saved]);
  // The server's letter wins whenever it changes (after a save, an undo or another tab),
  // unless a letter typed since is unconfirmed or refused: a late reload must not overwrite it.
  useEffect(() => {
    if (!typed.current) setDraft(letter);
  }, [letter]);

  function change(value: string) {
    const next = value.trim().toLowerCase();
    setDraft(next);
    setSaved(false);
    typed.current = next !== letter;
    if (!typed.current) return setError(null);
    const invalid = slotLetterError(rule, next);
    if (invalid) return setError(invalid);
    setError(null);
    void fetcher.submit({ ...fields, slotPosition: next }, { method: "post" });
  }

  return (
    <div className={`slot-letter${error ? " invalid" : ""}`}>
      <label htmlFor={id} className={label ? "slot-label" : "visually-hidden"}>
        {label ?? `Slot letter for ${name}`}
      </label>
      <input
        id={id}
        value={draft}
        maxLength={1}
        size={1}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => change(event.target.value)}
      />
      {fetcher.state !== "idle" && <span className="slot-saving muted small">Saving...</span>}
      {saved && fetcher.state === "idle" && (
        <span className="slot-saved small" role="status">
          Saved
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="slot-error error small" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
