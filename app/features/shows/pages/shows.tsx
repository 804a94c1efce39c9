// /shows: a member's shows, the ones shared with them (with their role), and the form that
// creates one (works without script); once created, the new show's manager opens.
import { Form, Link, useActionData, useNavigation } from "react-router";
import { Badge, Button, Card, EmptyState } from "../../../components/ui";
import { ShowFields } from "../components/ShowFields";
import showStyles from "../components/shows.module.css";
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
    <div className={showStyles.page}>
      <h1>Shows</h1>
      <Card as="section" aria-labelledby="my-shows">
        <h2 id="my-shows">Your shows</h2>
        {loaderData.shows.length === 0 ? (
          <EmptyState title="No shows yet">Create one below, then publish playlists as its episodes.</EmptyState>
        ) : (
          <ul className={showStyles.list}>
            {loaderData.shows.map((show) => (
              <li key={show.id} className={showStyles.row}>
                <span>
                  <Link to={`/shows/${show.slug}`}>{show.title}</Link>{" "}
                  {show.sharedBy && (
                    <span className={showStyles.muted}>
                      shared by {show.sharedBy} · <Badge tone="neutral">{show.role}</Badge>
                    </span>
                  )}
                </span>
                <span className={showStyles.actions}>
                  <Link to={`/shows/${show.slug}/manage`}>Episodes</Link>
                  <Link to={`/shows/${show.slug}/stats`}>Stats</Link>
                  <Link to={`/shows/${show.slug}/team`}>Team</Link>
                  <a href={`/api/shows/${show.slug}/feed.xml`}>RSS feed</a>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card as="section" aria-labelledby="new-show">
        <h2 id="new-show">New show</h2>
        {error && !error.fields && (
          <p className={showStyles.error} role="alert">
            {error.message}
          </p>
        )}
        <Form method="post" className={showStyles.form}>
          <ShowFields values={values} fieldError={fieldError} />
          <div className={showStyles.wide}>
            <Button type="submit" variant="primary" busy={busy} busyLabel="Creating...">
              Create show
            </Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}
