// 'Early Risers' (seed 001 screen 7): name, e-mail, message and a honeypot.
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormErrors, useFieldErrors } from "../../../components/FormErrors";
import { TextField } from "../../../components/TextField";
// The kit's own files, not its index: this public page then loads only these (budget 150 KiB).
import { Button } from "../../../components/ui/Button";
import { Field, Textarea } from "../../../components/ui/Field";
import { Outcome } from "../../../components/ui/Outcome";
import {
  COMMUNITY_MESSAGE_MAX,
  communitySchema,
  HONEYPOT_FIELD,
  STARTED_FIELD,
} from "../../../kernel/schemas/community";
import type { FormError } from "../../../lib/forms.server";
import styles from "../components/early-risers.module.css";
import { SunrisePicture } from "../components/Pictures";
import type { Route } from "./+types/early-risers";
import "../community.css";
import hero from "../../../components/public/hero.module.css";

export { action, loader } from "./early-risers.server";

export function meta() {
  return [{ title: "Early Risers · Creator Platform" }];
}

export default function Community({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const [clientError, setClientError] = useState<FormError | null>(null);
  const serverError = actionData && "error" in actionData ? actionData.error : null;
  const done = actionData && "success" in actionData ? actionData : null;
  const values = (actionData && "values" in actionData && actionData.values) || undefined;
  const fields = useFieldErrors(clientError ?? serverError, "community");

  function check(event: React.FormEvent<HTMLFormElement>) {
    const form = Object.fromEntries(new FormData(event.currentTarget));
    const result = communitySchema.safeParse(form);
    if (result.success) return setClientError(null);
    event.preventDefault();
    const fields: Record<string, string[]> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0]);
      fields[field] = [...(fields[field] ?? []), issue.message];
    }
    setClientError({ code: "invalid", message: result.error.issues[0]!.message, fields });
  }

  return (
    <article className={hero.page} aria-labelledby="early-risers-title">
      <header className={styles.hero}>
        <div className={hero.text}>
          <p className={hero.kicker}>Community</p>
          <h1 id="early-risers-title" className={hero.title}>
            Early Risers
          </h1>
          <p className={styles.lead}>
            Join the community of creators who start early. Tell us who you are and we'll keep you posted.
          </p>
        </div>
        {/* The seed's picture that opens the Services page; its words are the link's name. */}
        <Link to="/editmedia" className={styles.picture}>
          <SunrisePicture className={styles.sunrise} />
          <span className={styles.pictureLabel}>
            See our service packages <span aria-hidden>→</span>
          </span>
        </Link>
      </header>
      <div className={styles.layout}>
        <section className={styles.about} aria-labelledby="joining-heading">
          <h2 id="joining-heading">How joining works</h2>
          <ol className={styles.steps}>
            <li>
              <span>
                <strong>Your name and e-mail address.</strong> That is all we need.
              </span>
            </li>
            <li>
              <span>
                <strong>A message, if you like.</strong> At most {COMMUNITY_MESSAGE_MAX} characters.
              </span>
            </li>
            <li>
              <span>
                <strong>We'll keep you posted.</strong> Joining again with the same e-mail updates your sign-up.
              </span>
            </li>
          </ol>
        </section>
        <section className={styles.formCard} aria-labelledby="join-heading">
          <h2 id="join-heading">Tell us who you are</h2>
          <FormErrors error={fields.summary} fieldId={fields.id} />
          {done ? (
            <Outcome message={{ ok: true, text: done.message }} />
          ) : (
            <Form method="post" className="form" noValidate onSubmit={check} onChange={fields.onChange}>
              <input type="hidden" name={STARTED_FIELD} value={loaderData.startedAt} />
              <TextField
                fields={fields}
                name="name"
                label="Name"
                autoComplete="name"
                maxLength={100}
                defaultValue={values?.name}
                required
              />
              <TextField
                fields={fields}
                name="email"
                label="Email"
                type="email"
                autoComplete="email"
                maxLength={254}
                defaultValue={values?.email}
                required
              />
              <Field
                label={`Message (optional, at most ${COMMUNITY_MESSAGE_MAX} characters)`}
                error={fields.error("message")}
              >
                <Textarea id={fields.id("message")} name="message" rows={4} defaultValue={values?.message} />
              </Field>
              {/* The honeypot: off-screen, out of the tab order, hidden from assistive tech, and marked
              for password managers (1Password, LastPass, Bitwarden, Dashlane) to leave alone. */}
              <div className="honey" aria-hidden="true">
                <label>
                  Leave this empty
                  <input
                    name={HONEYPOT_FIELD}
                    tabIndex={-1}
                    autoComplete="off"
                    data-1p-ignore="true"
                    data-lpignore="true"
                    data-bwignore="true"
                    data-form-type="other"
                    defaultValue=""
                  />
                </label>
              </div>
              <Button type="submit" variant="primary" disabled={sending}>
                {sending ? "Submitting..." : "Join"}
              </Button>
            </Form>
          )}
        </section>
      </div>
    </article>
  );
}
