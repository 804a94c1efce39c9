// The line under a form or control that says how its last request ended: read out politely when it
// went well (role "status"), at once when it did not (role "alert").

export interface OutcomeMessage {
  ok: boolean;
  text: string;
}

export function Outcome({
  message,
  className,
  inline = false,
}: {
  message: OutcomeMessage | null | undefined;
  className?: string;
  /** A span beside the control it reports on (a row of buttons, a heading), not a line of its own. */
  inline?: boolean;
}) {
  if (!message) return null;
  const tone = message.ok ? "success" : "error";
  const Tag = inline ? "span" : "p";
  return (
    <Tag className={className ? `${className} ${tone}` : tone} role={message.ok ? "status" : "alert"}>
      {message.text}
    </Tag>
  );
}
