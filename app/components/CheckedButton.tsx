// A button whose action first checks that it can run: when `problem()` answers a message (one of
// the seed's, e.g. 'No files selected.' or 'You must add a file before adding more slots.'), the
// message is shown as an error through the screen's feedback and nothing else happens.
import type { ReactNode } from "react";
import type { ShowFeedback } from "./Feedback";

export function CheckedButton({
  className,
  disabled,
  problem,
  onMessage,
  onClick,
  children,
}: {
  className: string;
  disabled: boolean;
  /** What stops the action now, or null when it may run. */
  problem: () => string | null;
  onMessage: ShowFeedback;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className}
      disabled={disabled}
      onClick={() => {
        const message = problem();
        if (message) onMessage(message, true);
        else onClick();
      }}
    >
      {children}
    </button>
  );
}
