import type { ComponentProps, ReactNode } from "react";
import type { FieldErrors } from "./FormErrors";
import { Field, Input } from "./ui/Field";

/**
 * One labelled text input of a form whose errors come from `useFieldErrors`: the input's id, its
 * name and the message under it all follow from `name` (sign-up, Early Risers).
 */
export function TextField({
  fields,
  name,
  label,
  ...input
}: { fields: FieldErrors; name: string; label: ReactNode } & Omit<ComponentProps<"input">, "id" | "name">) {
  return (
    <Field label={label} error={fields.error(name)}>
      <Input id={fields.id(name)} name={name} {...input} />
    </Field>
  );
}
