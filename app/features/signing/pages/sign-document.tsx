// /sign/:token: a signer's own link (issue 34, ADR 042). No account needed: the document in the
// browser, their full name, consent, and a typed or drawn signature. A link used after signing or
// voiding, or past its date, says so and changes nothing; once everyone has signed, the same link
// offers the signed copy.
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { FormErrors, useFieldErrors } from "../../../components/FormErrors";
import { LocalTime } from "../../../components/LocalTime";
import { Button, buttonClass, Checkbox, Field, FieldError, Input, Outcome } from "../../../components/ui";
import { ALREADY_SIGNED, LINK_EXPIRED, LINK_INVALID, REQUEST_VOIDED } from "../../../kernel/schemas/signing";
import { SignaturePad } from "../components/SignaturePad";
import styles from "../components/signing.module.css";
import type { Route } from "./+types/sign-document";

export { action, loader } from "./sign-document.server";

export function meta() {
  return [{ title: "Sign a document · Creator Platform" }, { name: "robots", content: "noindex" }];
}

const CLOSED: Record<string, string> = { signed: ALREADY_SIGNED, voided: REQUEST_VOIDED, expired: LINK_EXPIRED };

export default function Sign({ loaderData, actionData }: Route.ComponentProps) {
  const { view } = loaderData;
  if (!view)
    return (
      <section className="card narrow">
        <h1>Sign a document</h1>
        <p role="status">{LINK_INVALID}</p>
      </section>
    );
  const done = actionData && "message" in actionData ? actionData.message : null;
  return (
    <section className="card">
      <h1>{view.title}</h1>
      <p className="muted">
        {view.requesterName} asks <strong>{view.email}</strong> to sign this document ({view.pageCount}{" "}
        {view.pageCount === 1 ? "page" : "pages"}).
      </p>
      <Outcome message={done ? { ok: true, text: done } : null} className="feedback" />
      {view.state !== "open" && (
        <p role="status">
          {CLOSED[view.state]}
          {view.state === "signed" && view.signedAt && (
            <>
              {" "}
              (<LocalTime value={view.signedAt} />)
            </>
          )}
        </p>
      )}
      {view.signedUrl && (
        <p>
          <a className={buttonClass("primary")} href={view.signedUrl}>
            Download the signed PDF
          </a>{" "}
          {view.verifyUrl && <a href={view.verifyUrl}>Verification page</a>}
        </p>
      )}
      {view.state === "signed" && !view.signedUrl && (
        <p className="muted">The signed PDF is made once everyone has signed; it will arrive by e-mail.</p>
      )}
      {view.state === "open" && view.documentUrl && (
        <>
          <iframe className={styles.document} src={view.documentUrl} title={`The document: ${view.title}`} />
          <p>
            <a href={view.documentUrl} target="_blank" rel="noreferrer">
              Open the document in a new tab
            </a>{" "}
            · this link works until <LocalTime value={view.expiresAt} />
          </p>
          <SignForm error={actionData && "error" in actionData ? actionData.error : null} />
        </>
      )}
    </section>
  );
}

function SignForm({ error }: { error: Parameters<typeof FormErrors>[0]["error"] }) {
  const [kind, setKind] = useState<"typed" | "drawn">("typed");
  const [name, setName] = useState("");
  const [path, setPath] = useState("");
  const busy = useNavigation().state !== "idle";
  const fields = useFieldErrors(error, "sign");
  const signatureError = fields.error("signatureKind") ?? fields.error("signaturePath");
  return (
    <Form method="post" className={styles.form} noValidate onChange={fields.onChange}>
      <h2>Sign</h2>
      <FormErrors error={fields.summary} fieldId={fields.id} heading="Not signed yet" />
      <Field label="Full name" error={fields.error("fullName")}>
        <Input
          id={fields.id("fullName")}
          name="fullName"
          required
          maxLength={120}
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
      </Field>
      <fieldset
        className={styles.choice}
        id={fields.id("signatureKind")}
        aria-describedby={signatureError ? fields.id("signature-error") : undefined}
      >
        <legend>Signature</legend>
        <label>
          <input
            type="radio"
            name="signatureKind"
            value="typed"
            checked={kind === "typed"}
            onChange={() => setKind("typed")}
          />
          Type it
        </label>
        <label>
          <input
            type="radio"
            name="signatureKind"
            value="drawn"
            checked={kind === "drawn"}
            onChange={() => setKind("drawn")}
          />
          Draw it
        </label>
      </fieldset>
      {kind === "typed" ? (
        <p className={styles.typed}>
          <span className="visually-hidden">Your typed signature: </span>
          {name || "Your name"}
        </p>
      ) : (
        <SignaturePad
          onChange={(next) => {
            setPath(next);
            fields.clear("signaturePath");
          }}
        />
      )}
      {signatureError && <FieldError id={fields.id("signature-error")}>{signatureError}</FieldError>}
      <input type="hidden" name="signaturePath" value={kind === "drawn" ? path : ""} />
      <Checkbox
        className={styles.consent}
        id={fields.id("consent")}
        name="consent"
        value="true"
        required
        error={fields.error("consent")}
        label="I agree to sign this document electronically, and that my typed or drawn signature has the same effect as my handwritten one."
      />
      <Button type="submit" variant="primary" busy={busy} busyLabel="Signing…">
        Sign the document
      </Button>
    </Form>
  );
}
