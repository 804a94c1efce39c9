// What DropZone and its react-dropzone half (DropZoneLive) share: the
// zone's props and the seed's prompts (seed 000 §5).
import type { ReactNode, RefObject } from "react";
import type { DropLimits } from "../lib/upload-client";
import type { DropRejection } from "../lib/uploads/drop-limits";

const PROMPT = "Drag and drop files here, or click to select files";
const DRAG_PROMPT = "Drop the files here…";

/** The zone's classes: `active` while files are dragged over it, `disabled` while busy. */
export const zoneClass = ({ className, busy }: Pick<DropZoneProps, "className" | "busy">, active: boolean) =>
  `${className}${active ? " active" : ""}${busy ? " disabled" : ""}`;

/** The zone's first line: the busy prompt, the drop prompt while dragging, else the seed's prompt. */
export const zonePrompt = ({ busy, busyPrompt }: Pick<DropZoneProps, "busy" | "busyPrompt">, active: boolean) =>
  busy && busyPrompt ? busyPrompt : active ? DRAG_PROMPT : PROMPT;

export interface DropZoneProps {
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
}

export interface LiveDropZoneProps extends DropZoneProps {
  /** Whether the placeholder had the focus, to give it to the zone that replaces it. */
  focused: RefObject<boolean>;
  /** Takes what react-dropzone sorted, as the placeholder takes what it sorted itself. */
  onTake: (accepted: File[], rejected: DropRejection[]) => void;
}
