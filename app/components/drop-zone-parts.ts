// What DropZone and its react-dropzone half (DropZoneLive) share: the
// zone's props and the seed's prompts (seed 000 §5).
import type { ReactNode, RefObject } from "react";
import type { DropLimits } from "../lib/upload-client";

export const PROMPT = "Drag and drop files here, or click to select files";
export const DRAG_PROMPT = "Drop the files here…";

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
  /** Files the placeholder took before the library came. */
  waiting: RefObject<File[] | null>;
  /** Whether the placeholder had the focus, to give it to the zone that replaces it. */
  focused: RefObject<boolean>;
  onRejections: (messages: string[]) => void;
}
