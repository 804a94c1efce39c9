// The buttons under the sign-in and sign-up forms: submit (busy label while the
// form is sent) and Cancel back to the landing page.
import { Link } from "react-router";

export function SubmitOrCancel({ label, busy }: { label: string; busy: boolean }) {
  return (
    <div className="actions">
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? "Submitting..." : label}
      </button>
      <Link to="/" className="button">
        Cancel
      </Link>
    </div>
  );
}
