// Member item entry (/memBid, admin; seed 001 screen 16): title, description
// and offer amount. The item waits as pending on /memitem until approved.
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormErrors, useFieldErrors } from "../../../components/FormErrors";
import { formatMoney } from "../../../kernel/format";
import type { FormError } from "../../../lib/forms.server";
import { checkMemberItem } from "../components/check-member-item";
import { MemberItemFields } from "../components/member-item";
import type { Route } from "./+types/member-item-entry";
import "../auction.css";

export { action, loader } from "./member-item-entry.server";

export function meta() {
  return [{ title: "Enter a member item · Creator Platform" }];
}

export default function MemberItemEntry({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [clientError, setClientError] = useState<FormError | null>(null);
  const submitted = actionData && "submitted" in actionData ? actionData.submitted : null;
  const error = actionData && "error" in actionData ? actionData.error : null;
  const values = actionData && "values" in actionData ? actionData.values : undefined;
  // The browser's check first; the server's answer when the form went through.
  const fields = useFieldErrors(clientError ?? error, "member-item");
  return (
    <section className="card narrow auction-ui">
      <h1>Enter a member item</h1>
      <p className="muted">
        The item waits in <Link to="/memitem">pending member items</Link> until it is approved.
      </p>
      <FormErrors error={fields.summary} fieldId={fields.id} />
      <Form
        method="post"
        className="form"
        noValidate
        // A fresh form after each saved item; what was typed stays after an error.
        key={submitted?.id ?? "entry"}
        onSubmit={checkMemberItem(setClientError)}
        onChange={fields.onChange}
      >
        <MemberItemFields values={values} rows={4} error={fields.error} id={fields.id} />
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? "Submitting..." : "Submit"}
        </button>
      </Form>
      {submitted && !clientError && (
        <p className="success" role="status">
          Submitted for approval: {submitted.title} ({formatMoney(submitted.priceCents)}), code{" "}
          <code className="code-chip">{submitted.shortCode}</code>.
        </p>
      )}
    </section>
  );
}
