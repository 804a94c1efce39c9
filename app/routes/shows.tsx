// /shows: a member's shows and the form that creates one (works without script).
import { Form, Link, useActionData, useNavigation } from "react-router";
import showStyles from "../components/shows/shows.module.css";
import { Button, Card, Checkbox, EmptyState, Field, Input, Select } from "../components/ui";
import { SHOW_CATEGORIES } from "../lib/schemas/shows";
import type { Route } from "./+types/shows";

export { action, loader } from "./shows.server";

export function meta() {
  return [{ title: "Shows · Creator Platform" }];
}

export default function Shows({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof import("./shows.server").action>();
  const busy = useNavigation().state === "submitting";
  const error = result && "error" in result ? result.error : null;
  const values = (result && "values" in result ? result.values : {}) as Record<string, string>;
  const fieldError = (name: string) => error?.fields?.[name]?.[0] ?? null;
  return (
    <main className={showStyles.page}>
      <h1>Shows</h1>
      <Card as="section" aria-labelledby="my-shows">
        <h2 id="my-shows">Your shows</h2>
        {loaderData.shows.length === 0 ? (
          <EmptyState title="No shows yet">Create one below, then publish playlists as its episodes.</EmptyState>
        ) : (
          <ul className={showStyles.list}>
            {loaderData.shows.map((show) => (
              <li key={show.id} className={showStyles.row}>
                <Link to={`/shows/${show.slug}`}>{show.title}</Link>
                <span className={showStyles.actions}>
                  <Link to={`/shows/${show.slug}/manage`}>Episodes</Link>
                  <Link to={`/shows/${show.slug}/stats`}>Stats</Link>
                  <a href={`/api/shows/${show.slug}/feed.xml`}>RSS feed</a>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card as="section" aria-labelledby="new-show">
        <h2 id="new-show">New show</h2>
        {result && "created" in result && (
          <p className={showStyles.message} role="status">
            Show created: <Link to={`/shows/${result.created.slug}/manage`}>{result.created.title}</Link>
          </p>
        )}
        {error && !error.fields && (
          <p className={showStyles.error} role="alert">
            {error.message}
          </p>
        )}
        <Form method="post" className={showStyles.form}>
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
          <Field label="Media" error={fieldError("mediaType")}>
            <Select
              name="mediaType"
              defaultValue={values.mediaType ?? "audio"}
              options={[
                { value: "audio", label: "Audio (episodes stitched per request)" },
                { value: "video", label: "Video (the latest render)" },
              ]}
            />
          </Field>
          <Field label="Description" error={fieldError("description")} className={showStyles.wide}>
            <textarea
              name="description"
              required
              maxLength={4000}
              className={showStyles.textarea}
              defaultValue={values.description}
            />
          </Field>
          <Checkbox name="explicit" label="Explicit content" defaultChecked={values.explicit === "on"} />
          <div className={showStyles.wide}>
            <Button type="submit" variant="primary" busy={busy} busyLabel="Creating...">
              Create show
            </Button>
          </div>
        </Form>
      </Card>
    </main>
  );
}
