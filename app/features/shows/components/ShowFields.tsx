// A show's fields (issue 30), shared by the form that creates a show (/shows) and the one that
// edits it (/shows/:slug/manage): the same names, limits and messages (app/kernel/schemas/shows.ts).

import { Checkbox, Field, Input, Select } from "../../../components/ui";
import { SHOW_CATEGORIES } from "../../../kernel/schemas/shows";
import showStyles from "./shows.module.css";

export function ShowFields({
  values,
  fieldError,
}: {
  /** What the fields start with: the show being edited, or what was sent with a refused form. */
  values: Record<string, string | undefined>;
  fieldError: (name: string) => string | null;
}) {
  return (
    <>
      <Field label="Title" error={fieldError("title")}>
        <Input name="title" required maxLength={200} defaultValue={values.title} />
      </Field>
      <Field
        label="Address"
        hint="Lower-case letters, digits and hyphens: /shows/your-address"
        error={fieldError("slug")}
      >
        <Input name="slug" required pattern="[a-z0-9][a-z0-9\-]{1,58}[a-z0-9]" defaultValue={values.slug} />
      </Field>
      <Field label="Author" error={fieldError("author")}>
        <Input name="author" required maxLength={100} defaultValue={values.author} />
      </Field>
      <Field label="Category" error={fieldError("category")}>
        <Select
          name="category"
          required
          defaultValue={values.category ?? ""}
          placeholder="Choose…"
          options={SHOW_CATEGORIES.map((c) => ({ value: c, label: c }))}
        />
      </Field>
      <Field label="Language" hint="A code such as en or en-GB" error={fieldError("language")}>
        <Input name="language" required defaultValue={values.language ?? "en"} />
      </Field>
      <Field
        label="Media"
        hint="Audio episodes are stitched for each listener; a video episode is its playlist's latest render."
        error={fieldError("mediaType")}
      >
        <Select
          name="mediaType"
          defaultValue={values.mediaType ?? "audio"}
          options={[
            { value: "audio", label: "Audio" },
            { value: "video", label: "Video" },
          ]}
        />
      </Field>
      <DescriptionField value={values.description} error={fieldError("description")} />
      <Checkbox name="explicit" label="Explicit content" defaultChecked={values.explicit === "on"} />
    </>
  );
}

/** A show's or an episode's description: the feed's text, up to 4,000 characters. */
export function DescriptionField({ value, error }: { value: string | undefined; error: string | null }) {
  return (
    <Field label="Description" error={error} className={showStyles.wide}>
      <textarea name="description" required maxLength={4000} className={showStyles.textarea} defaultValue={value} />
    </Field>
  );
}
