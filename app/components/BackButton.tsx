// '← Back': to the page before when it belongs to this page load, otherwise to
// `fallback` (a link opened in a new tab has no page before in the app).
import { useNavigate } from "react-router";
import { canGoBackInApp } from "../lib/history";

export function BackButton({ fallback }: { fallback: string }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="button back"
      onClick={() => {
        if (canGoBackInApp()) navigate(-1);
        else navigate(fallback);
      }}
    >
      ← Back
    </button>
  );
}
