import { type FormEvent, useState } from "react";
import type { FormError } from "../lib/forms.server";

/**
 * The seed's 'Validation errors' list, shown on top of the form as its summary: every distinct
 * message once. With `fieldId`, a field's message links to its control.
 */
export function FormErrors({
  error,
  heading = "Validation errors",
  fieldId,
}: {
  error?: FormError | null;
  heading?: string;
  fieldId?: (name: string) => string;
}) {
  if (!error) return null;
  const links = new Map<string, string>();
  if (fieldId)
    for (const [name, messages] of Object.entries(error.fields ?? {}))
      for (const message of messages) if (!links.has(message)) links.set(message, `#${fieldId(name)}`);
  // The form's own message (the seed's 'All fields are required.') heads the list.
  const messages = [...new Set([error.message, ...Object.values(error.fields ?? {}).flat()])];
  return (
    <div className="form-errors" role="alert">
      <h2>{heading}</h2>
      <ul>
        {messages.map((message) => {
          const href = links.get(message);
          return <li key={message}>{href ? <a href={href}>{message}</a> : message}</li>;
        })}
      </ul>
    </div>
  );
}

/** The first message for field `name`, for the kit's `<Field error>`. */
export function fieldError(error: FormError | null | undefined, name: string): string | undefined {
  return error?.fields?.[name]?.[0];
}

/**
 * A form's errors by field: `error(name)` goes beside the field, `summary` on top (FormErrors), and a
 * field's message leaves both as soon as that field changes (`onChange` on the form hears every
 * control). A new error (the next send) starts over. `prefix` keeps ids apart when a page has two forms.
 */
export function useFieldErrors(error: FormError | null | undefined, prefix = "field") {
  const [cleared, setCleared] = useState<{ of: FormError | null | undefined; names: string[] }>({
    of: error,
    names: [],
  });
  const names = cleared.of === error ? cleared.names : [];
  const open = (name: string) => !names.includes(name) && fieldError(error, name) !== undefined;
  const clear = (name: string) => {
    if (open(name)) setCleared({ of: error, names: [...names, name] });
  };
  let summary: FormError | null = error ?? null;
  if (error && names.length > 0) {
    const fields = Object.fromEntries(Object.entries(error.fields ?? {}).filter(([name]) => !names.includes(name)));
    const fieldMessages = Object.values(error.fields ?? {}).flat();
    const remaining = Object.values(fields).flat();
    // The headline message is usually one field's message: it goes with its field.
    // A form-level headline that came with field messages goes once every one of those is mended.
    const message =
      fieldMessages.includes(error.message) || (fieldMessages.length > 0 && remaining.length === 0)
        ? remaining[0]
        : error.message;
    summary = message === undefined ? null : { ...error, message, fields };
  }
  return {
    error: (name: string) => (open(name) ? fieldError(error, name) : undefined),
    id: (name: string) => `${prefix}-${name}`,
    clear,
    summary,
    onChange: (event: FormEvent<HTMLFormElement>) => {
      const name = (event.target as { name?: unknown }).name;
      if (typeof name === "string" && name) clear(name);
    },
  };
}

/** What `useFieldErrors` gives a form. */
export type FieldErrors = ReturnType<typeof useFieldErrors>;
