// 'Submit your own item' under the gallery (members only): posts through a fetcher, or as a
// document POST before hydration; the item waits for the admin's approval. The gallery's action
// checks the fields with `memberItemSchema` and answers its message at the form, so zod stays out
// of this public page's first load (ADR 051); the admin's /memBid also checks in the browser.
import { useEffect, useRef } from "react";
import { useActionData, useFetcher } from "react-router";
import { useFieldErrors } from "../../../components/FormErrors";
import { Outcome } from "../../../components/ui/Outcome";
import type { GalleryAction } from "../pages/gallery.server";
import { MemberItemFields } from "./member-item";

const MEMBER_ITEM_SUBMITTED = "Submitted for approval.";

export function GalleryMemberItemForm() {
  const fetcher = useFetcher<GalleryAction>();
  const actionData = useActionData<GalleryAction>();
  const result =
    fetcher.data?.intent === "member-item"
      ? fetcher.data
      : actionData?.intent === "member-item"
        ? actionData
        : undefined;
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state === "submitting";
  const error = result && !busy && "error" in result ? result.error : null;
  // A short form: a field's message sits at the field (no summary); one for no field stays under the form.
  const fields = useFieldErrors(error, "gallery-item");
  const fieldMessages = Object.values(error?.fields ?? {}).flat();
  const message =
    result && !busy
      ? "submitted" in result
        ? { text: MEMBER_ITEM_SUBMITTED, ok: true }
        : fieldMessages.includes(result.error.message)
          ? null
          : { text: result.error.message, ok: false }
      : null;
  const handled = useRef<unknown>(null);

  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if ("submitted" in result) formRef.current?.reset();
  }, [result]);

  return (
    <section className="card member-item" aria-labelledby="member-item-heading">
      <h2 id="member-item-heading">Submit your own item</h2>
      <p className="muted">The admin reviews each item before it joins the auction.</p>
      <fetcher.Form method="post" className="form" noValidate ref={formRef} onChange={fields.onChange}>
        <input type="hidden" name="intent" value="member-item" />
        <MemberItemFields error={fields.error} id={fields.id} />
        <div className="actions">
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? "Submitting..." : "Submit Item"}
          </button>
        </div>
        <Outcome message={message} />
      </fetcher.Form>
    </section>
  );
}
