// 'Early Risers' (seed 001 screen 7): name, e-mail, message and a honeypot.
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormErrors, useFieldErrors } from "../../../components/FormErrors";
import { Field, Input, Outcome, Textarea } from "../../../components/ui";
import {
  COMMUNITY_MESSAGE_MAX,
  communitySchema,
  HONEYPOT_FIELD,
  STARTED_FIELD,
} from "../../../kernel/schemas/community";
import type { FormError } from "../../../lib/forms.server";
import { SunrisePicture } from "../components/Pictures";
import type { Route } from "./+types/early-risers";
import "../community.css";

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
    <section className="card narrow">
      <h1>Early Risers</h1>
      {/* The picture's visible words start the link's name (WCAG 2.5.3: label in name). */}
      <Link to="/editmedia" aria-label="Early Risers: see our service packages">
        <SunrisePicture label="Early Risers, a sunrise over green hills: see our service packages" />
      </Link>
      <p>Join the community of creators who start early. Tell us who you are and we'll keep you posted.</p>
      <FormErrors error={fields.summary} fieldId={fields.id} />
      {done ? (
        <Outcome message={{ ok: true, text: done.message }} />
      ) : (
        <Form method="post" className="form" noValidate onSubmit={check} onChange={fields.onChange}>
          <input type="hidden" name={STARTED_FIELD} value={loaderData.startedAt} />
          <Field label="Name" error={fields.error("name")}>
            <Input
              id={fields.id("name")}
              name="name"
              autoComplete="name"
              maxLength={100}
              defaultValue={values?.name}
              required
            />
          </Field>
          <Field label="Email" error={fields.error("email")}>
            <Input
              id={fields.id("email")}
              name="email"
              type="email"
              autoComplete="email"
              maxLength={254}
              defaultValue={values?.email}
              required
            />
          </Field>
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
          <button type="submit" className="button primary" disabled={sending}>
            {sending ? "Submitting..." : "Join"}
          </button>
        </Form>
      )}
    </section>
  );
}
