// /campaigns/new: make a program a campaign. The sponsor, the goal and price, the flight (the
// program's schedule) and the shows or episodes it runs on. Works without script.
import { useState } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { Button, Card, Checkbox, EmptyState, Field, Input, Outcome, Select } from "../../../components/ui";
import styles from "../components/campaigns.module.css";
import type { Route } from "./+types/new-campaign";

export { action, loader } from "./new-campaign.server";

export function meta() {
  return [{ title: "New campaign · Creator Platform" }];
}

function localInput(value: Date | string | null) {
  if (!value) return "";
  const d = new Date(value);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

export default function NewCampaign({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof import("./new-campaign.server").action>();
  const busy = useNavigation().state === "submitting";
  const error = result && "error" in result ? result.error : null;
  const values = (result && "values" in result ? result.values : {}) as Record<string, string>;
  const fieldError = (name: string) => error?.fields?.[name]?.[0] ?? null;
  const { programs, shows } = loaderData;
  const [programId, setProgramId] = useState(values.programId ?? loaderData.programId ?? programs[0]?.id ?? "");
  const program = programs.find((p) => p.id === programId);

  if (programs.length === 0)
    return (
      <div className={styles.page}>
        <h1>New campaign</h1>
        <EmptyState title="No program to sell" action={<Link to="/programming">Go to Programming</Link>}>
          A campaign is a program sold to a sponsor: make a program with the sponsor's spot first.
        </EmptyState>
      </div>
    );

  return (
    <div className={styles.page}>
      <p className={styles.muted}>
        <Link to="/campaigns">Campaigns</Link> / New
      </p>
      <h1>Make it a campaign</h1>
      <Card as="section" aria-labelledby="new-campaign" className={styles.stack}>
        <h2 id="new-campaign">Sponsor and terms</h2>
        {error && !error.fields && <Outcome message={{ ok: false, text: error.message }} />}
        <Form method="post" className={styles.form}>
          <Field label="Program" error={fieldError("programId")}>
            <Select
              name="programId"
              value={programId}
              onChange={(event) => setProgramId(event.currentTarget.value)}
              options={programs.map((p) => ({ value: p.id, label: p.title }))}
            />
          </Field>
          <p className={`${styles.muted} ${styles.wide}`} data-testid="program-spots">
            Spots: {program && program.spots.length > 0 ? program.spots.join(", ") : "none yet"}
          </p>
          <Field label="Sponsor name" error={fieldError("sponsorName")}>
            <Input name="sponsorName" defaultValue={values.sponsorName ?? ""} required maxLength={200} />
          </Field>
          <Field label="Sponsor e-mail" hint="The insertion order is sent here" error={fieldError("sponsorEmail")}>
            <Input name="sponsorEmail" type="email" defaultValue={values.sponsorEmail ?? ""} required />
          </Field>
          <Field
            label="Impression goal"
            hint="Optional: the spot stops when it is reached"
            error={fieldError("goalImpressions")}
          >
            <Input name="goalImpressions" inputMode="numeric" defaultValue={values.goalImpressions ?? ""} />
          </Field>
          <Field label="CPM ($ per 1,000 impressions)" hint="Optional" error={fieldError("cpm")}>
            <Input name="cpm" inputMode="decimal" defaultValue={values.cpm ?? ""} />
          </Field>
          <Field label="Start" hint="Blank: now" error={fieldError("startsAt")}>
            <Input
              key={`start-${programId}`}
              name="startsAt"
              type="datetime-local"
              defaultValue={values.startsAt ?? localInput(program?.startsAt ?? null)}
            />
          </Field>
          <Field label="End" hint="Blank: until the goal" error={fieldError("endsAt")}>
            <Input
              key={`end-${programId}`}
              name="endsAt"
              type="datetime-local"
              defaultValue={values.endsAt ?? localInput(program?.endsAt ?? null)}
            />
          </Field>
          <fieldset className={`${styles.wide} ${styles.checks}`} aria-describedby="runs-on-error">
            <legend>Runs on</legend>
            {shows.length === 0 && <p className={styles.muted}>No shows yet: publish a show's episodes first.</p>}
            {shows.map((show) => (
              <div key={show.id} className={styles.checks}>
                <Checkbox name="showIds" value={show.id} label={`${show.title}: every episode`} />
                {show.episodes.map((episode) => (
                  <Checkbox key={episode.id} name="episodeIds" value={episode.id} label={episode.title} />
                ))}
              </div>
            ))}
            <div id="runs-on-error">
              <Outcome message={fieldError("episodeIds") ? { ok: false, text: fieldError("episodeIds")! } : null} />
            </div>
          </fieldset>
          <div className={styles.wide}>
            <Button type="submit" variant="primary" busy={busy} busyLabel="Creating...">
              Create campaign
            </Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}
