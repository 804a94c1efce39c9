// The drag-and-drop file chooser of the new project, the project's uploader
// and the auction item blocks (seed 000 §5): react-dropzone with the page's
// limits, and the seed's message for each refused file listed below it.
import { type ReactNode, useState } from "react";
import { useDropzone } from "react-dropzone";
import { type DropLimits, dropRejectionMessage } from "../lib/upload-client";
import "../styles/dropzone.css";

export function DropZone({
  limits,
  className,
  busy,
  label,
  busyPrompt,
  hint,
  onDrop,
}: {
  limits: DropLimits;
  /** `dropzone` on the file screens, `auction-dropzone` on the auction's. */
  className: string;
  busy: boolean;
  /** The file input's accessible name. */
  label: string;
  /** Shown instead of the prompt while busy, where the zone is the only sign of the upload. */
  busyPrompt?: string;
  hint: ReactNode;
  /** Takes the accepted files; a problem it returns (a string) is listed after the refused files. */
  onDrop: (accepted: File[]) => unknown;
}) {
  const [rejections, setRejections] = useState<string[]>([]);
  const { getRootProps, getInputProps, isDragActive, inputRef } = useDropzone({
    ...limits,
    disabled: busy,
    onDrop: (accepted, rejected) => {
      const messages = rejected.flatMap(({ file, errors }) =>
        errors.map((error) => `${file.name}: ${dropRejectionMessage(error, limits)}`),
      );
      // Emptied so that choosing the same file again (after fixing what refused it) is a change too.
      if (inputRef.current) inputRef.current.value = "";
      const problem = onDrop(accepted);
      // One line per distinct message (each names its file), so the message is its own key.
      setRejections([...new Set(typeof problem === "string" ? [...messages, problem] : messages)]);
    },
  });

  return (
    <>
      <div {...getRootProps({ className: `${className}${isDragActive ? " active" : ""}${busy ? " disabled" : ""}` })}>
        <input {...getInputProps({ "aria-label": label })} />
        <p>
          {busy && busyPrompt
            ? busyPrompt
            : isDragActive
              ? "Drop the files here…"
              : "Drag and drop files here, or click to select files"}
        </p>
        <p className="muted small">{hint}</p>
      </div>
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
