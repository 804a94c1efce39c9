// The drop zone once react-dropzone has come (see DropZone): the library's
// checks against the page's limits, the seed's message for each refused
// file, and the files the placeholder took handed over as a choice of files.
import { useEffect, useLayoutEffect } from "react";
import { useDropzone } from "react-dropzone";
import { dropRejectionMessage } from "../lib/upload-client";
import { type LiveDropZoneProps, zoneClass, zonePrompt } from "./drop-zone-parts";

/** Puts files on a file input as a choice would, so react-dropzone reads them as it reads any. */
function choose(input: HTMLInputElement, files: File[]) {
  try {
    const transfer = new DataTransfer();
    for (const file of files) transfer.items.add(file);
    input.files = transfer.files;
  } catch {
    // No DataTransfer constructor (older engines): the list itself, which react-dropzone reads the same way.
    Object.defineProperty(input, "files", { configurable: true, value: files });
  }
  input.dispatchEvent(new Event("change", { bubbles: true }));
}

export function LiveDropZone({
  limits,
  className,
  busy,
  label,
  busyPrompt,
  hint,
  onDrop,
  waiting,
  focused,
  onRejections,
}: LiveDropZoneProps) {
  const { getRootProps, getInputProps, isDragActive, inputRef, rootRef } = useDropzone({
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
      onRejections([...new Set(typeof problem === "string" ? [...messages, problem] : messages)]);
    },
  });

  useLayoutEffect(() => {
    if (focused.current) rootRef.current?.focus();
  }, [focused, rootRef]);
  useEffect(() => {
    const files = waiting.current;
    waiting.current = null;
    if (files?.length && inputRef.current) choose(inputRef.current, files);
  }, [waiting, inputRef]);

  return (
    <div {...getRootProps({ className: zoneClass({ className, busy }, isDragActive) })}>
      <input {...getInputProps({ "aria-label": label })} />
      <p>{zonePrompt({ busy, busyPrompt }, isDragActive)}</p>
      <p className="muted small">{hint}</p>
    </div>
  );
}
