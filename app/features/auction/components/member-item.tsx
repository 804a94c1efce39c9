// A member's item (the gallery's form and the admin's /memBid): the fields. The browser's check is
// in ./check-member-item (zod), which only /memBid loads.

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
