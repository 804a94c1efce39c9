// /verify and /verify/:code: anyone holding a signed PDF checks it here (issue 34, ADR 042), like
// the licence check. The code (on the certificate page) says who signed and when; a copy dropped
// here is hashed in the browser (SHA-256, nothing is uploaded) and compared with the signed file's.
import { useState } from "react";
import { LocalTime } from "../../../components/LocalTime";
import { formatMoney } from "../../../kernel/format";
import {
  REPORT_COPY_DIFFERS,
  REPORT_COPY_MATCHES,
  REPORT_ISSUED,
  REPORT_UNKNOWN,
} from "../../../kernel/schemas/campaign-documents";
import {
  COPY_DIFFERS,
  COPY_MATCHES,
  COPY_UNKNOWN,
  VERIFY_NOT_SIGNED,
  VERIFY_UNKNOWN,
  VERIFY_VALID,
} from "../../../kernel/schemas/signing";
import { api, call } from "../../../lib/api-client";
import styles from "../components/signing.module.css";
import type { Route } from "./+types/verify-document";

export { loader } from "./verify-document.server";

export function meta() {
  return [{ title: "Verify a signed document · Creator Platform" }, { name: "robots", content: "noindex" }];
}

type Document = NonNullable<Route.ComponentProps["loaderData"]["document"]>;
type Report = NonNullable<Route.ComponentProps["loaderData"]["report"]>;

async function sha256Hex(file: File) {
  const digest = await crypto.subtle.digest("SHA-256", await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export default function Verify({ loaderData }: Route.ComponentProps) {
  const [found, setFound] = useState<Document | null>(loaderData.document);
  const [report, setReport] = useState<Report | null>(loaderData.report);
  const [check, setCheck] = useState<{ ok: boolean; text: string; sha256: string } | null>(null);

  async function onFile(file: File | undefined) {
    if (!file) return;
    const sha256 = await sha256Hex(file);
    if (loaderData.document) {
      const ok = loaderData.document.valid && sha256 === loaderData.document.signedSha256;
      setCheck({ ok, text: ok ? COPY_MATCHES : COPY_DIFFERS, sha256 });
      return;
    }
    if (loaderData.report) {
      const ok = sha256 === loaderData.report.sha256;
      setCheck({ ok, text: ok ? REPORT_COPY_MATCHES : REPORT_COPY_DIFFERS, sha256 });
      return;
    }
    const answer = await call(api.signatures.$get({ query: { sha256 } }));
    if (!answer.match) {
      const issued = await call(api["delivery-reports"].$get({ query: { sha256 } }));
      if (issued.report) {
        setFound(null);
        setReport({ ...issued.report, issuedAt: new Date(issued.report.issuedAt) });
        setCheck({ ok: true, text: REPORT_COPY_MATCHES, sha256 });
        return;
      }
    }
    setReport(null);
    // The wire carries the date as an ISO string; the page shows Dates, as its loader gives them.
    const { document } = answer;
    const date = (iso: string | null) => (iso ? new Date(iso) : null);
    setFound(
      document && {
        ...document,
        completedAt: date(document.completedAt),
        signers: document.signers.map((signer) => ({ ...signer, signedAt: date(signer.signedAt) })),
      },
    );
    setCheck({ ok: answer.match, text: answer.match ? COPY_MATCHES : COPY_UNKNOWN, sha256 });
  }

  return (
    <section className="card narrow">
      <h1>Verify a signed document</h1>
      {loaderData.code && !loaderData.document && !loaderData.report && (
        <p className={`${styles.verdict} ${styles.invalid}`} role="status">
          {VERIFY_UNKNOWN} {REPORT_UNKNOWN}
        </p>
      )}
      {found && <Facts document={found} />}
      {report && <ReportFacts report={report} />}
      <h2>Check a copy</h2>
      <label className={styles.picker}>
        Choose the PDF you were given; it is checked in your browser and not uploaded.
        <input type="file" accept="application/pdf,.pdf" onChange={(event) => onFile(event.currentTarget.files?.[0])} />
      </label>
      {check && (
        <>
          <p className={`${styles.verdict} ${check.ok ? styles.valid : styles.invalid}`} role="status">
            {check.text}
          </p>
          <p className="muted">
            This copy's SHA-256: <span className={styles.hash}>{check.sha256}</span>
          </p>
        </>
      )}
    </section>
  );
}

function Facts({ document }: { document: Document }) {
  return (
    <>
      <p className={`${styles.verdict} ${document.valid ? styles.valid : styles.invalid}`} role="status">
        {document.valid ? VERIFY_VALID : VERIFY_NOT_SIGNED}
      </p>
      <dl className={styles.facts}>
        <dt>Document</dt>
        <dd>{document.title}</dd>
        <dt>Code</dt>
        <dd className={styles.hash}>{document.code}</dd>
        {document.completedAt && (
          <>
            <dt>Completed</dt>
            <dd>
              <LocalTime value={document.completedAt} />
            </dd>
          </>
        )}
        <dt>Original SHA-256</dt>
        <dd className={styles.hash}>{document.originalSha256}</dd>
        {document.signedSha256 && (
          <>
            <dt>Signed copy SHA-256</dt>
            <dd className={styles.hash}>{document.signedSha256}</dd>
          </>
        )}
      </dl>
      <h2>Signed by</h2>
      <ul>
        {document.signers.map((signer) => (
          <li key={`${signer.email}-${String(signer.signedAt)}`}>
            {signer.fullName} ({signer.email})
            {signer.signedAt && (
              <>
                {" "}
                on <LocalTime value={signer.signedAt} />
              </>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

const number = new Intl.NumberFormat("en-US");

/** A campaign's delivery report (issue 47): what was issued under this code. */
function ReportFacts({ report }: { report: Report }) {
  return (
    <>
      <p className={`${styles.verdict} ${styles.valid}`} role="status">
        {REPORT_ISSUED}
      </p>
      <dl className={styles.facts}>
        <dt>Document</dt>
        <dd>{report.title}</dd>
        <dt>Code</dt>
        <dd className={styles.hash}>{report.code}</dd>
        <dt>Issued</dt>
        <dd>
          <LocalTime value={report.issuedAt} />
        </dd>
        <dt>Period</dt>
        <dd>
          {report.periodStart} to {report.periodEnd} (UTC)
        </dd>
        <dt>Impressions</dt>
        <dd>{number.format(report.impressions)}</dd>
        {report.amountCents !== null && (
          <>
            <dt>Amount due</dt>
            <dd>{formatMoney(report.amountCents)}</dd>
          </>
        )}
        <dt>Report SHA-256</dt>
        <dd className={styles.hash}>{report.sha256}</dd>
      </dl>
    </>
  );
}
