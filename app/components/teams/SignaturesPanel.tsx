// Document signing on the project page (issue 34, ADR 042): ask people to sign one of the
// project's PDFs, and each request's status (sent, viewed, signed, voided) with its signers'.
// Editors and owners request and void; viewers see the list. Forms post to the page's action
// (intents request-signatures, void-request), which checks everything again on the server.
import { Link, useFetcher } from "react-router";
import { EmailAddress } from "../EmailAddress";
import { Feedback, type FetcherAnswer, useAnswer, useFeedback } from "../Feedback";
import { LocalTime } from "../LocalTime";
import { Badge, type BadgeTone, Button } from "../ui";
import styles from "./teams.module.css";

type Status = "sent" | "viewed" | "signed" | "voided";

const TONE: Record<Status, BadgeTone> = { sent: "neutral", viewed: "info", signed: "success", voided: "danger" };

export interface SignatureRequestRow {
  id: string;
  title: string;
  status: Status;
  code: string;
  signedFileId: string | null;
  createdAt: Date | string;
  completedAt: Date | string | null;
  signers: {
    id: string;
    email: string;
    status: Status;
    fullName: string | null;
    viewedAt: Date | string | null;
    signedAt: Date | string | null;
    remindedAt: Date | string | null;
  }[];
}

export function SignaturesPanel({
  requests,
  pdfs,
  canEdit,
}: {
  requests: SignatureRequestRow[];
  pdfs: { id: string; fileName: string }[];
  canEdit: boolean;
}) {
  return (
    <section className="card" aria-labelledby="signing-heading">
      <h2 id="signing-heading">Signatures</h2>
      <p className="muted">
        Ask guests to sign a release, or sponsors an insertion order. Signers need no account; they get their own link
        by e-mail (reminded after 3 days), and everyone receives the signed PDF.
      </p>
      {canEdit && <RequestForm pdfs={pdfs} />}
      {requests.length === 0 ? (
        <p className="muted">No signature requests yet.</p>
      ) : (
        <ul className={styles.list}>
          {requests.map((request) => (
            <RequestRow key={request.id} request={request} canEdit={canEdit} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RequestForm({ pdfs }: { pdfs: { id: string; fileName: string }[] }) {
  const fetcher = useFetcher<FetcherAnswer & { error?: { fields?: Record<string, string[]> } }>();
  const [feedback, show] = useFeedback();
  useAnswer(fetcher.data, show, () => (document.getElementById("signature-form") as HTMLFormElement | null)?.reset());
  const fields = fetcher.data?.error?.fields ?? {};
  return (
    <fetcher.Form method="post" className={styles.form} id="signature-form" noValidate>
      <input type="hidden" name="intent" value="request-signatures" />
      <label>
        PDF to sign
        <select name="fileId" defaultValue="" aria-invalid={fields.fileId ? true : undefined}>
          <option value="" disabled>
            {pdfs.length ? "Choose a PDF of this project" : "Upload a PDF to this project first"}
          </option>
          {pdfs.map((pdf) => (
            <option key={pdf.id} value={pdf.id}>
              {pdf.fileName}
            </option>
          ))}
        </select>
      </label>
      <label>
        Signers' e-mails
        <input
          name="signers"
          type="text"
          inputMode="email"
          placeholder="guest@example.com, sponsor@example.com"
          aria-invalid={fields.signers ? true : undefined}
        />
      </label>
      <Button type="submit" variant="primary" busy={fetcher.state !== "idle"} busyLabel="Sending…">
        Request signatures
      </Button>
      <div className={styles.full}>
        <Feedback feedback={feedback} />
      </div>
    </fetcher.Form>
  );
}

function RequestRow({ request, canEdit }: { request: SignatureRequestRow; canEdit: boolean }) {
  const fetcher = useFetcher<FetcherAnswer>();
  const [feedback, show] = useFeedback();
  useAnswer(fetcher.data, show);
  const open = request.status === "sent" || request.status === "viewed";
  return (
    <li className={styles.row}>
      <span className={styles.who}>
        <strong>{request.title.replaceAll("_", " ")}</strong>{" "}
        <Badge tone={TONE[request.status]}>{request.status}</Badge>{" "}
        <span className="muted">
          · sent <LocalTime value={request.createdAt} />
        </span>
        <ul className={styles.activity}>
          {request.signers.map((signer) => (
            <li key={signer.id}>
              {signer.fullName ?? <EmailAddress value={signer.email} />}{" "}
              <span className="muted">{signer.fullName && <EmailAddress value={signer.email} />}</span>
              <Badge tone={TONE[signer.status]}>{signer.status}</Badge>
              {signer.signedAt && (
                <span className="muted">
                  <LocalTime value={signer.signedAt} />
                </span>
              )}
              {signer.remindedAt && !signer.signedAt && (
                <span className="muted">
                  reminded <LocalTime value={signer.remindedAt} />
                </span>
              )}
            </li>
          ))}
        </ul>
      </span>
      {request.signedFileId && <Link to={`/bigfile/${request.signedFileId}`}>Signed PDF</Link>}
      {request.status === "signed" && <Link to={`/verify/${request.code}`}>Verification page</Link>}
      {canEdit && open && (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="void-request" />
          <input type="hidden" name="requestId" value={request.id} />
          <Button type="submit" variant="danger" size="sm" busy={fetcher.state !== "idle"}>
            Void
          </Button>
        </fetcher.Form>
      )}
      <Feedback feedback={feedback} />
    </li>
  );
}
