// 'Get it free by e-mail' on a free beat's page (ADR 055): an address and the visitor's consent to
// hear from the producer; the server checks both, limits how often, and e-mails the link.
import { type FormEvent, useId, useState } from "react";
import { Button, Checkbox, Field, Input } from "../../../components/ui";
import { UNEXPECTED_ERROR } from "../../../kernel/schemas/products-messages";
import { ApiError, api, call } from "../../../lib/api-client";
import styles from "./Storefront.module.css";

type Notice = { ok: boolean; text: string; fields?: Record<string, string[]> };

export function FreeDownloadForm({ productId, producer }: { productId: string; producer: string }) {
  const headingId = useId();
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSending(true);
    try {
      const json = { email: String(form.get("email") ?? ""), consent: form.get("consent") === "on" };
      const answer = await call(
        api.products[":productId"]["free-download"].$post({ param: { productId }, json }),
        UNEXPECTED_ERROR,
      );
      setNotice({ ok: true, text: answer.message });
    } catch (error) {
      setNotice(
        error instanceof ApiError && error.status > 0
          ? { ok: false, text: error.message, fields: error.fields }
          : { ok: false, text: UNEXPECTED_ERROR },
      );
    } finally {
      setSending(false);
    }
  }

  const fieldError = (name: string) => notice?.fields?.[name]?.[0] ?? null;
  return (
    <form className={styles.freeForm} onSubmit={(event) => void submit(event)} aria-labelledby={headingId} noValidate>
      <h2 id={headingId}>Get it free by e-mail</h2>
      <Field label="Your e-mail" error={fieldError("email")}>
        <Input name="email" type="email" autoComplete="email" required />
      </Field>
      <Checkbox name="consent" label={`I agree to receive e-mail from ${producer} about their music.`} />
      {fieldError("consent") && (
        <p role="alert" className={styles.failure}>
          {fieldError("consent")}
        </p>
      )}
      <Button type="submit" disabled={sending}>
        {sending ? "Sending..." : "Send me the link"}
      </Button>
      {notice && !notice.fields && (
        <p role={notice.ok ? "status" : "alert"} className={notice.ok ? styles.success : styles.failure}>
          {notice.text}
        </p>
      )}
    </form>
  );
}

/** A free beat its seller lets download straight from its page (ADR 062): one link per original. */
export function DirectDownload({
  productId,
  files,
}: {
  productId: string;
  files: readonly { id: string; fileName: string }[];
}) {
  const headingId = useId();
  return (
    <section className={styles.freeForm} aria-labelledby={headingId}>
      <h2 id={headingId}>Download it free</h2>
      <ul className={styles.freeFiles}>
        {files.map((file) => (
          <li key={file.id}>
            {/* The server answers with a fresh signed link to the original, served as a download. */}
            <a className="button" href={`/api/products/${productId}/free-files/${file.id}`} download={file.fileName}>
              Download {file.fileName}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
