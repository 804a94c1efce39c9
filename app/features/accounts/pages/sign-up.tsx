// Sign up (/signup): the registration form, then the e-mailed code. Loader and
// action: signup.server.ts. A visitor's beat battle entry kept in this browser (beatbattle-draft.ts)
// is named on both steps, so they know it waits for them.
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormErrors, useFieldErrors } from "../../../components/FormErrors";
import { TextField } from "../../../components/TextField";
import { Field, Input } from "../../../components/ui";
import { SIGN_IN_AFTER_SIGNUP_FAILED, SIGNUP_FAILED } from "../../../kernel/schemas/accounts";
import { ENTRY_WAITING } from "../../../kernel/schemas/beatbattle-messages";
import { skipAfterUndelivered, whenUndelivered } from "../../../lib/undelivered";
import { SubmitOrCancel } from "../components/SubmitOrCancel";
import type { Route } from "./+types/sign-up";

export { action, loader } from "./sign-up.server";

export const shouldRevalidate = skipAfterUndelivered;

/** A form that never reached the server: the seed's message for its step, on the same step. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const form = await request.clone().formData();
  if (form.get("intent") !== "verify") return whenUndelivered(serverAction, SIGNUP_FAILED);
  const step = {
    step: "verify" as const,
    signupId: String(form.get("signupId") ?? ""),
    email: String(form.get("email") ?? ""),
  };
  return whenUndelivered(serverAction, SIGN_IN_AFTER_SIGNUP_FAILED, step);
}

export function meta() {
  return [{ title: "Sign up · Creator Platform" }];
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const error = actionData && "error" in actionData ? actionData.error : null;
  const pending = actionData && "step" in actionData ? actionData : null;
  // The code field takes the focus when it appears: the member came to type it.
  const codeInput = useRef<HTMLInputElement>(null);
  const verifying = pending != null;
  useEffect(() => {
    if (verifying) codeInput.current?.focus();
  }, [verifying]);
  const entryWaiting = useEntryWaiting();
  const waiting = entryWaiting && <p role="status">{ENTRY_WAITING}</p>;
  const fields = useFieldErrors(error, verifying ? "verify" : "signup");

  if (pending) {
    return (
      <section className="card narrow">
        <h1>Check your e-mail</h1>
        {waiting}
        <p>We sent a six-digit code{pending.email ? ` to ${pending.email}` : ""}. It expires in 10 minutes.</p>
        <FormErrors error={fields.summary} fieldId={fields.id} />
        <Form method="post" className="form" onChange={fields.onChange}>
          <input type="hidden" name="intent" value="verify" />
          <input type="hidden" name="signupId" value={pending.signupId} />
          <input type="hidden" name="email" value={pending.email} />
          <Field label="Verification code" error={fields.error("code")}>
            <Input
              id={fields.id("code")}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              required
              ref={codeInput}
            />
          </Field>
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? "Verifying..." : "Verify"}
          </button>
        </Form>
      </section>
    );
  }

  return (
    <section className="card narrow">
      <h1>Sign up</h1>
      {waiting}
      <FormErrors error={fields.summary} fieldId={fields.id} />
      <Form method="post" className="form" noValidate onChange={fields.onChange}>
        <input type="hidden" name="intent" value="register" />
        {loaderData.next && <input type="hidden" name="next" value={loaderData.next} />}
        <TextField fields={fields} name="name" label="Name" autoComplete="name" maxLength={100} />
        <TextField fields={fields} name="username" label="User Name" autoComplete="username" maxLength={40} />
        <TextField fields={fields} name="email" label="Email" type="email" autoComplete="email" maxLength={254} />
        <TextField
          fields={fields}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          maxLength={200}
        />
        <TextField
          fields={fields}
          name="passwordA"
          label="Re-type Password"
          type="password"
          autoComplete="new-password"
          maxLength={200}
        />
        <SubmitOrCancel label="Register" busy={busy} />
      </Form>
      <p>
        Already have an account? <Link to="/signin">Sign in</Link>
      </p>
    </section>
  );
}

/** Whether a beat battle entry waits in this browser (read after hydration; the module loads only here). */
function useEntryWaiting() {
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    let current = true;
    import("../../../lib/beatbattle-draft")
      .then(({ loadDraft }) => loadDraft())
      .then((draft) => {
        if (current) setWaiting(draft !== null);
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, []);
  return waiting;
}
