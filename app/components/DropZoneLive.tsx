// The drop zone once react-dropzone has come (see DropZone): the library's
// checks against the page's limits, its drag state, and the focus the
// placeholder had.
import { useLayoutEffect } from "react";
import { useDropzone } from "react-dropzone";
import { type LiveDropZoneProps, zoneClass, zonePrompt } from "./drop-zone-parts";

export function LiveDropZone({ limits, className, busy, label, busyPrompt, hint, focused, onTake }: LiveDropZoneProps) {
  const { getRootProps, getInputProps, isDragActive, inputRef, rootRef } = useDropzone({
    ...limits,
    disabled: busy,
    onDrop: (accepted, rejected) => {
      // Emptied so that choosing the same file again (after fixing what refused it) is a change too.
      if (inputRef.current) inputRef.current.value = "";
      onTake(accepted, rejected);
    },
  });

  useLayoutEffect(() => {
    if (focused.current) rootRef.current?.focus();
  }, [focused, rootRef]);

  return (
    <div {...getRootProps({ className: zoneClass({ className, busy }, isDragActive) })}>
      <input {...getInputProps({ "aria-label": label })} />
      <p>{zonePrompt({ busy, busyPrompt }, isDragActive)}</p>
      <p className="muted small">{hint}</p>
    </div>
  );
}
