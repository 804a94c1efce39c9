// The welcome popup editor (seed 001 screen 13): header and its style, paragraph
// and its style, button label, link address, image, and an optional show window,
// with a live preview drawn by the landing page's own card and sanitiser. An editor's layout
// (Ghost, Mailchimp): from 1100 px the preview is the big thing, a sticky stage beside a narrow
// form of folding sections; the styles fold away as small controls two to a row. On a phone the
// preview comes first.
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { Link, useFetcher } from "react-router";
import { PopupCard } from "../../../components/PopupCard";
import { Button, Field, Input, Textarea } from "../../../components/ui";
import { useUploader } from "../../../components/uploads/useUploads";
import { landingPopup, presentPopup } from "../../../kernel/popup";
import {
  POPUP_IMAGE_RULES,
  POPUP_IMAGE_TOO_LARGE,
  POPUP_IMAGE_TYPE,
  POPUP_SAVE_FAILED,
  type PopupForm,
  popupImageProblem,
  popupSchema,
} from "../../../kernel/schemas/popups";
import { failureMessage, isCancelled } from "../../../lib/uploads/queue";
import { ImagePicker, type ImageState } from "../components/ImagePicker";
import {
  DEFAULT_PRESET,
  parseStyle,
  StyleFields,
  StylePresets,
  type StyleValues,
  styleString,
} from "../components/StyleFields";
import type { Route } from "./+types/popup-editor";
import "../admin.css";

export { action, loader } from "./popup-editor.server";

export function meta() {
  return [{ title: "Welcome Popup Editor · Creator Platform" }];
}

type ActionAnswer =
  | { ok: true; message: string; id: string; updated: boolean }
  | { error: { message: string; fields?: Record<string, string[]> } };
type Editing = NonNullable<Route.ComponentProps["loaderData"]["editing"]>;

/** datetime-local has no zone: the admin means their own clock, the server wants an instant. */
function toInstant(local: string) {
  return local ? new Date(local).toISOString() : "";
}

/** An instant as the admin's own clock shows it, for datetime-local. */
function toLocal(ms: number | null) {
  if (ms === null) return "";
  return new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** Why the popup cannot take this picture (size, type, shape), read in the browser; null when it can. */
async function imageRefusal(file: File): Promise<Error | null> {
  if (file.size > POPUP_IMAGE_RULES.maxBytes) return new Error(POPUP_IMAGE_TOO_LARGE);
  if (!(POPUP_IMAGE_RULES.types as readonly string[]).includes(file.type)) return new Error(POPUP_IMAGE_TYPE);
  try {
    const bitmap = await createImageBitmap(file);
    const problem = popupImageProblem(bitmap.width, bitmap.height);
    bitmap.close();
    return problem ? new Error(problem) : null;
  } catch {
    // Not decodable here: the server's check on the bytes decides.
    return null;
  }
}

export default function PopCustom({ loaderData }: Route.ComponentProps) {
  // A new key per popup: opening another one (or a new one) starts from its own values.
  return <Editor key={loaderData.editing?.id ?? "new"} editing={loaderData.editing} />;
}

function Editor({ editing }: { editing: Editing | null }) {
  const fetcher = useFetcher<ActionAnswer>();
  const [header, setHeader] = useState(editing?.header ?? "");
  // A new popup starts from the "Brand" look: the theme's own colours, a clear header.
  const [headerStyle, setHeaderStyle] = useState<StyleValues>(() =>
    editing ? parseStyle(editing.headerStyle) : DEFAULT_PRESET.header,
  );
  const [paragraph, setParagraph] = useState(editing?.paragraphText ?? "");
  const [paragraphStyle, setParagraphStyle] = useState<StyleValues>(() =>
    editing ? parseStyle(editing.paragraphStyle) : DEFAULT_PRESET.paragraph,
  );
  const [buttonLabel, setButtonLabel] = useState(editing?.buttonLabel ?? "");
  const [linkAddress, setLinkAddress] = useState(editing?.linkAddress ?? "");
  const [startsAt, setStartsAt] = useState(() => toLocal(editing?.startsAt ?? null));
  const [endsAt, setEndsAt] = useState(() => toLocal(editing?.endsAt ?? null));
  const [image, setImage] = useState<ImageState>(
    editing?.imageKey ? { state: "saved", key: editing.imageKey, previewUrl: editing.imageUrl } : { state: "none" },
  );
  const [imageAlt, setImageAlt] = useState(editing?.imageAlt ?? "");
  // The Style section starts open only for a popup that has a style of its own.
  const [styled] = useState(() => Boolean(editing?.headerStyle || editing?.paragraphStyle));

  const form: PopupForm = {
    header,
    headerStyle: styleString(headerStyle),
    paragraph: { text: paragraph, style: styleString(paragraphStyle) },
    buttonLabel,
    linkAddress,
    // Seed §8: a failed image upload leaves an empty image key; the popup saves without an image.
    imageKey: image.state === "done" || image.state === "saved" ? image.key : "",
    imageAlt,
    startsAt: toInstant(startsAt),
    endsAt: toInstant(endsAt),
  };
  const checked = popupSchema.safeParse(form);
  const problems = checked.success ? [] : [...new Set(checked.error.issues.map((issue) => issue.message))];

  // The preview goes through the landing page's own presentation; only the picked
  // image is shown from this browser (it is the admin's own file, not a typed address).
  const preview = useMemo(() => {
    const view = presentPopup(
      {
        id: "preview",
        version: 0,
        header: form.header ?? "",
        headerStyle: form.headerStyle ?? "",
        paragraphText: form.paragraph?.text ?? "",
        paragraphStyle: form.paragraph?.style ?? "",
        buttonLabel: form.buttonLabel ?? "",
        linkAddress: form.linkAddress ?? "",
        imageAlt,
      },
      null,
    );
    const imageUrl = image.state === "done" || image.state === "saved" ? image.previewUrl : null;
    return { ...landingPopup(view), imageUrl };
  }, [form.header, form.headerStyle, form.paragraph, form.buttonLabel, form.linkAddress, image, imageAlt]);

  useEffect(() => () => (image.state === "done" ? URL.revokeObjectURL(image.previewUrl) : undefined), [image]);

  // The image goes through the shared upload queue like every other upload screen: the same
  // row (progress, Cancel, the failure naming the file and the server's reason) and the tray.
  const uploader = useUploader({ purpose: "popup-image", accessType: "private" });
  async function pickImage(file: File) {
    // The server checks the same rules on the bytes; this only spares a refused upload's wait.
    const refused = await imageRefusal(file);
    if (refused) return setImage({ state: "failed", name: file.name, message: failureMessage(file.name, refused) });
    setImage({ state: "uploading", name: file.name });
    try {
      const result = await uploader.start(file).done;
      setImage({ state: "done", name: file.name, key: String(result.key), previewUrl: URL.createObjectURL(file) });
    } catch (error) {
      if (isCancelled(error)) return setImage({ state: "none" });
      setImage({ state: "failed", name: file.name, message: failureMessage(file.name, error) });
    }
  }
  // Only uploads under way: a failure is the picker's alert, a cancel leaves no image.
  const uploads = uploader.entries.filter((entry) => !["done", "failed", "cancelled"].includes(entry.status));

  const saving = fetcher.state !== "idle";
  const answer = saving ? undefined : fetcher.data;
  const save = () => {
    if (!checked.success) return;
    const body = JSON.parse(JSON.stringify(form));
    fetcher.submit(editing ? { ...body, id: editing.id } : body, { method: "post", encType: "application/json" });
  };

  // A one-line text field of the form: its label, its input's id and value.
  const text = (label: string, id: string, value: string, set: (value: string) => void, more?: object) => (
    <Field label={label}>
      <Input id={id} value={value} onChange={(e) => set(e.target.value)} {...more} />
    </Field>
  );

  return (
    <section className="card popup-editor">
      <div className="popup-editor-head">
        <h1>Welcome Popup Editor</h1>
        {editing ? (
          <p>
            Editing <strong>{editing.header || "(no header)"}</strong>
            {editing.active ? " (active: visitors see your changes once you save)" : ""}.{" "}
            <Link to="/popcustom">Write a new popup instead</Link>
          </p>
        ) : (
          <p>
            Saved popups appear in the <Link to="/theAdministrator?section=popups">Popups section</Link> of the admin
            dashboard, where you set one active.
          </p>
        )}
      </div>
      <div className="popup-editor-grid">
        <section aria-labelledby="popup-preview-heading" className="popup-preview">
          <h2 id="popup-preview-heading">Preview</h2>
          <p className="muted">As visitors see it on the landing page.</p>
          <div className="popup-stage">
            {header || paragraph ? (
              <PopupCard popup={preview} remember={false} inline key={JSON.stringify(preview)} />
            ) : (
              <p className="empty-state">Write a header or a paragraph to see the preview.</p>
            )}
          </div>
        </section>
        <form
          noValidate
          className="popup-form"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <Fold title="Content" hint="header, paragraph, button" open>
            {text("Header", "popup-header", header, setHeader, { maxLength: 120 })}
            <Field label="Paragraph">
              <Textarea
                id="popup-paragraph"
                rows={3}
                value={paragraph}
                maxLength={2000}
                onChange={(e) => setParagraph(e.target.value)}
              />
            </Field>
            <div className="popup-pair">
              {text("Button label", "popup-button", buttonLabel, setButtonLabel, { maxLength: 40 })}
              {text("Link address", "popup-link", linkAddress, setLinkAddress, {
                inputMode: "url",
                placeholder: "https://…",
              })}
            </div>
          </Fold>
          <Fold title="Image" hint="optional" open>
            <ImagePicker
              image={image}
              uploads={uploads}
              onPick={pickImage}
              onRemove={() => setImage({ state: "none" })}
            />
            {text("Image description (alt text)", "popup-image-alt", imageAlt, setImageAlt, {
              maxLength: 200,
              placeholder: "What the image shows; empty if decorative",
            })}
          </Fold>
          <StylePresets
            header={headerStyle}
            paragraph={paragraphStyle}
            onPick={(preset) => {
              setHeaderStyle(preset.header);
              setParagraphStyle(preset.paragraph);
            }}
          />
          <Fold title="Style" hint="colours, size, weight and alignment" open={styled}>
            <StyleFields legend="Header style" values={headerStyle} onChange={setHeaderStyle} />
            <StyleFields legend="Paragraph style" values={paragraphStyle} onChange={setParagraphStyle} />
          </Fold>
          <Fold title="Show window" hint="optional: when visitors see it" open={Boolean(startsAt || endsAt)}>
            <div className="popup-pair">
              {text("Show from", "popup-starts", startsAt, setStartsAt, { type: "datetime-local" })}
              {text("Show until", "popup-ends", endsAt, setEndsAt, { type: "datetime-local" })}
            </div>
          </Fold>
          {problems.length > 0 && (header || paragraph || linkAddress || problems.some((p) => p.includes("style"))) && (
            <ul className="error" aria-label="Problems to fix before saving">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
          <div className="popup-save">
            <Button
              type="submit"
              variant="primary"
              busy={saving}
              busyLabel="Saving..."
              disabled={!checked.success || image.state === "uploading"}
            >
              {editing ? "Save changes" : "Save"}
            </Button>
            {answer && (
              <p className={"ok" in answer ? "success" : "error"} role={"ok" in answer ? "status" : "alert"}>
                {"ok" in answer ? answer.message : answer.error.message || POPUP_SAVE_FAILED}
                {"ok" in answer && !answer.updated && (
                  <>
                    {" "}
                    <Link to={`/popcustom?id=${encodeURIComponent(answer.id)}`}>Edit it</Link> ·{" "}
                    <Link to="/theAdministrator?section=popups">Set it active</Link>
                  </>
                )}
              </p>
            )}
          </div>
        </form>
      </div>
    </section>
  );
}

/** A section of the form that folds: its title and a muted hint in the summary. */
function Fold({ title, hint, open, children }: { title: string; hint: string; open?: boolean; children: ReactNode }) {
  return (
    <details className="popup-fold" open={open || undefined}>
      <summary>
        <span className="popup-fold-title">{title}</span> <span className="muted">— {hint}</span>
      </summary>
      <div className="popup-fold-body">{children}</div>
    </details>
  );
}
