// The line under a form or control that says how its last request ended: read out politely when it
// went well (role "status"), at once when it did not (role "alert").

export interface OutcomeMessage {
  ok: boolean;
  text: string;
}

export function Outcome({ message, className }: { message: OutcomeMessage | null | undefined; className?: string }) {
  if (!message) return null;
  const tone = message.ok ? "success" : "error";
  return (
    <p className={className ? `${className} ${tone}` : tone} role={message.ok ? "status" : "alert"}>
      {message.text}
    </p>
  );
}
