// The drag-and-drop file chooser of the new project, the project's uploader,
// the store's product files and the auction item blocks (seed 000 §5):
// react-dropzone with the page's limits, and the seed's message for each
// refused file listed below it.
//
// react-dropzone is not in the page's first load (ADR 051). Until it comes
// (when a pointer, a focus or a drag reaches the zone), the zone is drawn
// with the same markup and is already a real file input: a click or Enter
// opens the file picker, and files chosen or dropped then are sorted at once
// by react-dropzone's rules (drop-limits.ts `sortDroppedFiles`), so a form
// sent right after choosing has its files.
import { type ReactNode, useLayoutEffect, useRef, useState } from "react";
import { type DropLimits, dropRejectionMessage } from "../lib/upload-client";
import { type DropRejection, sortDroppedFiles } from "../lib/uploads/drop-limits";
import { type DropZoneProps, type LiveDropZoneProps, zoneClass, zonePrompt } from "./drop-zone-parts";
import "../styles/dropzone.css";

type Live = (props: LiveDropZoneProps) => ReactNode;
let live: Promise<Live> | null = null;
/** react-dropzone and the zone built on it, fetched once for every zone of the page. */
function loadLive() {
  // Only a browser wakes the zone: the Worker never renders this half, so its build leaves it (and react-dropzone) out.
  live ??= import.meta.env.SSR
    ? Promise.reject(new Error("DropZone: no react-dropzone on the server"))
    : import("./DropZoneLive").then((module) => module.LiveDropZone);
  return live;
}

/** react-dropzone's `accept` as the input's attribute, written as react-dropzone writes it. */
function acceptAttribute(accept: DropLimits["accept"]) {
  return accept
    ? Object.entries(accept)
        .flatMap(([type, extensions]) => [type, ...extensions])
        .join(",")
    : undefined;
}

/** react-dropzone's own style for its hidden input, so the markup is the same before and after. */
const HIDDEN_INPUT = {
  border: 0,
  display: "block",
  height: 0,
  margin: 0,
  maxWidth: 0,
  opacity: 0,
  overflow: "hidden",
  padding: 0,
  width: 0,
} as const;

export function DropZone(props: DropZoneProps) {
  const [Zone, setZone] = useState<Live | null>(null);
  const [rejections, setRejections] = useState<string[]>([]);
  /** Whether the placeholder had the focus when it was replaced. */
  const focused = useRef(false);

  function wake() {
    loadLive().then(
      (component) => setZone(() => component),
      // A failed fetch leaves the placeholder, which still takes files: the next one tries again.
      () => {
        live = null;
      },
    );
  }

  function take(accepted: File[], rejected: DropRejection[]) {
    const messages = rejected.flatMap(({ file, errors }) =>
      errors.map((error) => `${file.name}: ${dropRejectionMessage(error, props.limits)}`),
    );
    const problem = props.onDrop(accepted);
    // One line per distinct message (each names its file), so the message is its own key.
    setRejections([...new Set(typeof problem === "string" ? [...messages, problem] : messages)]);
  }

  return (
    <>
      {Zone ? (
        <Zone {...props} focused={focused} onTake={take} />
      ) : (
        <StaticZone
          {...props}
          onWake={wake}
          onFiles={(files) => {
            const { accepted, rejected } = sortDroppedFiles(files, props.limits);
            take(accepted, rejected);
          }}
          focused={focused}
        />
      )}
      {rejections.length > 0 && (
        <ul className="drop-errors" role="alert">
          {rejections.map((message) => (
            <li key={message} className="error">
              {message}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The zone before react-dropzone: the same elements, a real input, and a drop target. */
function StaticZone({
  limits,
  className,
  busy,
  label,
  busyPrompt,
  hint,
  onWake,
  onFiles,
  focused,
}: DropZoneProps & {
  onWake: () => void;
  onFiles: (files: File[]) => void;
  focused: { current: boolean };
}) {
  const input = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState(false);
  // Read as the placeholder goes (before its element leaves the page), for the zone that replaces it.
  useLayoutEffect(() => {
    const element = root.current;
    return () => {
      focused.current = element !== null && element === document.activeElement;
    };
  }, [focused]);
  // The input's choice is read by a listener of its own, not by React's (which listens at the page's
  // root): a file picker this input opened may still be open when react-dropzone replaces the
  // placeholder, and its choice then arrives on an input that has left the page. The listener stays
  // for that choice and hands it to the zone's latest handler.
  const take = useRef(onFiles);
  take.current = onFiles;
  useLayoutEffect(() => {
    const element = input.current;
    if (!element) return;
    element.addEventListener("change", () => {
      const files = [...(element.files ?? [])];
      // Emptied so that choosing the same file again (after fixing what refused it) is a change too.
      element.value = "";
      take.current(files);
    });
  }, []);
  const open = () => {
    if (!busy) input.current?.click();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: react-dropzone's own root (role=presentation, focusable), drawn before it loads
    <div
      ref={root}
      role="presentation"
      tabIndex={busy ? undefined : 0}
      aria-disabled={busy || undefined}
      className={zoneClass({ className, busy }, dragging)}
      onPointerEnter={onWake}
      onFocus={onWake}
      onClick={open}
      onKeyDown={(event) => {
        if (event.target !== event.currentTarget || (event.key !== " " && event.key !== "Enter")) return;
        event.preventDefault();
        open();
      }}
      onDragEnter={(event) => {
        event.preventDefault();
        onWake();
        if (!busy) setDragging(true);
      }}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = busy ? "none" : "copy";
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        if (!busy) onFiles([...event.dataTransfer.files]);
      }}
    >
      <input
        ref={input}
        accept={acceptAttribute(limits.accept)}
        multiple
        type="file"
        aria-label={label}
        style={HIDDEN_INPUT}
        tabIndex={-1}
        onClick={(event) => event.stopPropagation()}
      />
      <p>{zonePrompt({ busy, busyPrompt }, dragging)}</p>
      <p className="muted small">{hint}</p>
    </div>
  );
}
