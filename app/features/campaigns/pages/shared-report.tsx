// /campaign-reports/:token: what the sponsor sees from the creator's share link, without an account:
// the same figures as the creator's page, the insertion order's signature and the delivery report.
import { Link } from "react-router";
import { LocalTime } from "../../../components/LocalTime";
import { buttonClass, Card } from "../../../components/ui";
import styles from "../components/campaigns.module.css";
import { Method, ReportView, StatusBadge } from "../components/ReportView";
import type { Route } from "./+types/shared-report";

export { loader } from "./shared-report.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData?.report.campaign.sponsorName ?? "Campaign"} report · Creator Platform` },
    { name: "robots", content: "noindex" },
  ];
}

export default function SharedReport({ loaderData }: Route.ComponentProps) {
  const { report, token, insertionOrder } = loaderData;
  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <div>
          <p className={styles.muted}>Campaign report</p>
          <h1>{report.campaign.sponsorName}</h1>
          <p className={styles.muted}>Program {report.campaign.programTitle}</p>
        </div>
        <StatusBadge campaign={report.campaign} />
      </div>
      <ReportView report={report} />
      <Card as="section" aria-labelledby="documents" className={styles.stack}>
        <h2 id="documents">Documents</h2>
        <p className={styles.muted}>
          {insertionOrder?.status === "signed" && insertionOrder.signedAt ? (
            <>
              Insertion order signed <LocalTime value={insertionOrder.signedAt} />.{" "}
              {insertionOrder.verifyUrl && <Link to={insertionOrder.verifyUrl}>Verify it</Link>}
            </>
          ) : insertionOrder && insertionOrder.status !== "voided" ? (
            "The insertion order is waiting for your signature: use the link in the e-mail you received."
          ) : (
            "No insertion order yet."
          )}
        </p>
        <p className={styles.muted}>
          The delivery report states the method, the figures and the period; check any copy at{" "}
          <Link to="/verify">/verify</Link>.
        </p>
        <div className={styles.actions}>
          <a
            className={buttonClass("primary", "sm")}
            href={`/api/campaign-reports/${token}/delivery-report.pdf`}
            download
          >
            Delivery report (PDF)
          </a>
          <a className={buttonClass("secondary", "sm")} href={`/api/campaign-reports/${token}/report.csv`} download>
            Export CSV
          </a>
        </div>
      </Card>
      <Method text={report.method} />
    </div>
  );
}
