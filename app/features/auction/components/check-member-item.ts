// The admin's /memBid checks a member item in the browser with the one `memberItemSchema` before
// sending (the server answers the same input the same way). The public gallery's form leaves the
// check to its action, so zod is not in that page's first load (ADR 051).
import type { FormEvent } from "react";
import { memberItemSchema } from "../../../kernel/schemas/auction";

/** A submit handler: an invalid form is not sent and `setError` gets the schema's message; else the error clears. */
export function checkMemberItem(setError: (message: string | null) => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    const checked = memberItemSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (!checked.success) {
      event.preventDefault();
      setError(checked.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
  };
}
