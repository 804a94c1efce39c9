// The admin's /memBid checks a member item in the browser with the one `memberItemSchema` before
// sending (the server answers the same input the same way). The public gallery's form leaves the
// check to its action, so zod is not in that page's first load (ADR 051).
import type { FormEvent } from "react";
import { memberItemSchema } from "../../../kernel/schemas/auction";
import type { FormError } from "../../../lib/forms.server";

/** A submit handler: an invalid form is not sent and `setError` gets the schema's messages by field; else the error clears. */
export function checkMemberItem(setError: (error: FormError | null) => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    const checked = memberItemSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (!checked.success) {
      event.preventDefault();
      const fields: Record<string, string[]> = {};
      for (const issue of checked.error.issues) {
        const name = String(issue.path[0]);
        fields[name] = [...(fields[name] ?? []), issue.message];
      }
      setError({ code: "invalid", message: checked.error.issues[0]?.message ?? "", fields });
      return;
    }
    setError(null);
  };
}
