import type { FormError } from "../lib/forms.server";

/** The seed's 'Validation errors' list: every distinct message once. */
export function FormErrors({ error, heading = "Validation errors" }: { error?: FormError | null; heading?: string }) {
  if (!error) return null;
  const messages = [...new Set([...Object.values(error.fields ?? {}).flat(), error.message])];
  return (
    <div className="form-errors" role="alert">
      <h2>{heading}</h2>
      <ul>
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
