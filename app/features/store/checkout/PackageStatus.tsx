// A purchase's zip: packaging progress, the download (a fresh link on every
// load), or the seed's 'Payment succeeded, but file packaging failed.' with a retry.
import { useState } from "react";
import { PACKAGING_FAILED } from "../../../kernel/schemas/checkout-messages";
import { type OrderView, retryPackaging } from "./client";

/** Only the order's id and package: given by the purchases loader and by the order poll alike. */
export function PackageStatus({
  order,
  onRetried,
}: {
  order: Pick<OrderView, "id" | "package">;
  onRetried: () => void;
}) {
  const [retrying, setRetrying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pkg = order.package;
  if (!pkg) return null;
  if (pkg.status === "done" && pkg.downloadUrl)
    return (
      <a className="button" href={pkg.downloadUrl} download={pkg.fileName ?? undefined}>
        Download {pkg.fileName}
      </a>
    );
  if (pkg.status === "failed")
    return (
      <div role="alert">
        <p className="error">{PACKAGING_FAILED}</p>
        {error && <p className="error">{error}</p>}
        <button
          type="button"
          className="button"
          disabled={retrying}
          onClick={async () => {
            setRetrying(true);
            setError(null);
            try {
              await retryPackaging(order.id);
              onRetried();
            } catch (caught) {
              setError(caught instanceof Error ? caught.message : String(caught));
            } finally {
              setRetrying(false);
            }
          }}
        >
          {retrying ? "Retrying..." : "Retry packaging"}
        </button>
      </div>
    );
  return (
    <p>
      <label>
        Packaging your files…{" "}
        <progress max={100} value={pkg.progress}>
          {pkg.progress}%
        </progress>
      </label>
    </p>
  );
}
