// Member item entry (/memBid, admin; seed 001 screen 16): title, description
// and offer amount. The item waits as pending on /memitem until approved.
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { submitMemberItem } from "../../worker/domain/auction/auction";
import { parse } from "../../worker/domain/validation";
import { FormErrors } from "../components/FormErrors";
import { checkMemberItem } from "../lib/auction";
import { requireAdmin, server } from "../lib/auth.server";
import { formAction, formFields } from "../lib/forms.server";
import { memberItemSchema } from "../lib/schemas/auction";
import { formatMoney } from "../lib/schemas/money";
import type { Route } from "./+types/mem-bid";
import "../styles/auction.css";

export function meta() {
  return [{ title: "Enter a member item · Creator Platform" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return null;
}

export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const fields = formFields(await request.formData());
  const values = { title: fields.title ?? "", description: fields.description ?? "", price: fields.price ?? "" };
  return formAction(
    async () => {
      const item = await submitMemberItem(server(context).deps, admin.id, parse(memberItemSchema, fields));
      return { submitted: { id: item.id, title: item.title, shortCode: item.shortCode, priceCents: item.priceCents } };
    },
    { values },
  );
}

export default function MemBid({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [clientError, setClientError] = useState<string | null>(null);
  const submitted = actionData && "submitted" in actionData ? actionData.submitted : null;
  const error = actionData && "error" in actionData ? actionData.error : null;
  const values = actionData && "values" in actionData ? actionData.values : undefined;
  return (
    <section className="card narrow auction-ui">
      <h1>Enter a member item</h1>
      <p className="muted">
        The item waits in <Link to="/memitem">pending member items</Link> until it is approved.
      </p>
      {clientError ? (
        <p className="form-errors" role="alert">
          {clientError}
        </p>
      ) : (
        <FormErrors error={error} />
      )}
      <Form
        method="post"
        className="form"
        noValidate
        // A fresh form after each saved item; what was typed stays after an error.
        key={submitted?.id ?? "entry"}
        onSubmit={checkMemberItem(setClientError)}
      >
        <label>
          Title
          <input name="title" maxLength={120} defaultValue={values?.title} />
        </label>
        <label>
          Description
          <textarea name="description" rows={4} maxLength={2000} defaultValue={values?.description} />
        </label>
        <label>
          Offer amount
          <input name="price" type="number" step="0.01" min="0" inputMode="decimal" defaultValue={values?.price} />
        </label>
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
