// A member's item (the gallery's form and the admin's /memBid): the fields. The browser's check is
// in ./check-member-item (zod), which only /memBid loads.
import { Field, Input, Textarea } from "../../../components/ui";

export function MemberItemFields({
  values,
  rows = 3,
  error = () => undefined,
  id = (name) => `member-item-${name}`,
}: {
  values?: { title?: string; description?: string; price?: string };
  rows?: number;
  /** A field's message, shown beside it. */
  error?: (name: string) => string | undefined;
  id?: (name: string) => string;
}) {
  return (
    <>
      <Field label="Title" error={error("title")}>
        <Input id={id("title")} name="title" maxLength={120} defaultValue={values?.title} />
      </Field>
      <Field label="Description" error={error("description")}>
        <Textarea
          id={id("description")}
          name="description"
          rows={rows}
          maxLength={2000}
          defaultValue={values?.description}
        />
      </Field>
      <Field label="Offer amount" error={error("price")}>
        <Input
          id={id("price")}
          name="price"
          type="number"
          step="0.01"
          min="0"
          inputMode="decimal"
          defaultValue={values?.price}
        />
      </Field>
    </>
  );
}
