// Copies a link and says so in a toast (and to screen readers).
import { Button, useToast } from "../../../components/ui";

export function CopyLink({ url, label }: { url: string; label: string }) {
  const toast = useToast();
  return (
    <Button
      size="sm"
      aria-label={label}
      onClick={() =>
        navigator.clipboard.writeText(url).then(
          () => toast("Link copied.", "success"),
          () => toast(`Copy failed: ${url}`, "error"),
        )
      }
    >
      Copy
    </Button>
  );
}
