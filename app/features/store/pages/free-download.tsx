// A free beat's download page (/free/:token, ADR 055): opened from the e-mailed link, it lists the
// original files with their licence's terms. An unknown or expired link says how to get a new one.
import { PageError } from "../../../components/PageError";
import { Card } from "../../../components/ui";
import { formatBytes, formatDate } from "../../../kernel/format";
import { LICENCE_NAMES, LICENCE_TERMS } from "../../../kernel/licences";
import { notFoundMessage } from "../../../lib/page-errors";
import styles from "../components/StorePages.module.css";
import type { Route } from "./+types/free-download";

export { loader } from "./free-download.server";

export function meta() {
  return [{ title: "Free download · Creator Platform" }, { name: "robots", content: "noindex" }];
}

export default function FreeDownload({ loaderData }: Route.ComponentProps) {
  const { download } = loaderData;
  return (
    <div className={styles.narrow}>
      <Card as="section" aria-labelledby="free-heading">
        <h1 id="free-heading">
          {download.title} <span className={styles.muted}>by {download.seller}</span>
        </h1>
        <p className={styles.muted}>This link works until {formatDate(download.expiresAt, { timeZone: "UTC" })}.</p>
        <ul className={styles.files}>
          {download.files.map((file) => (
            <li key={file.id}>
              <a href={file.url} download={file.fileName}>
                Download {file.fileName}
              </a>{" "}
              <span className={styles.muted}>{formatBytes(file.size)}</span>
            </li>
          ))}
        </ul>
        <h2>{LICENCE_NAMES.free}</h2>
        <ul>
          {LICENCE_TERMS.free.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      </Card>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = notFoundMessage(error);
  if (message == null) return <PageError error={error} />;
  return (
    <div className={styles.narrow}>
      <Card as="section">
        <h1>Free download</h1>
        <p role="alert">{message}</p>
      </Card>
    </div>
  );
}
