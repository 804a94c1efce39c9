// A member's item (the gallery's form and the admin's /memBid): the fields, and the browser's check
// with the one `memberItemSchema` before sending (the server answers the same input the same way).
import type { FormEvent } from "react";
import { memberItemSchema } from "../../lib/schemas/auction";

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

export function MemberItemFields({
  values,
  rows = 3,
}: {
  values?: { title?: string; description?: string; price?: string };
  rows?: number;
}) {
  return (
    <>
      <label>
        Title
        <input name="title" maxLength={120} defaultValue={values?.title} />
      </label>
      <label>
        Description
        <textarea name="description" rows={rows} maxLength={2000} defaultValue={values?.description} />
      </label>
      <label>
        Offer amount
        <input name="price" type="number" step="0.01" min="0" inputMode="decimal" defaultValue={values?.price} />
      </label>
    </>
  );
}
