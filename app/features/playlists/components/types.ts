// What the project route's loader and action give the playlist components.
import type { MediaKind } from "../../../lib/media-kind";

export interface PlaylistItemView {
  id: string;
  fileName: string;
  /** What the workspace shows for it: its chapter's title if the creator named it, else its file's title. */
  title?: string;
  slotPosition: string | null;
  seqPos: number;
  durationSeconds: number | null;
  contentType: string;
  probeStatus: string;
  previewUrl: string;
  fromProgram: boolean;
  /** The project's library file it was copied from, if still there (the workspace shows its notes). */
  fileId?: string | null;
  /** The waveform the renderer computed (0..1), or null before the probe. */
  peaks?: number[] | null;
}

export interface PlaylistView {
  id: string;
  mediaType: MediaKind | null;
  items: PlaylistItemView[];
}

export interface ApplicationView {
  id: string;
  programTitle: string;
  createdAt: Date | string;
  changes: { slot: string; action: "replaced" | "appended" }[];
}

/** What the project route's action answers for the playlist intents. */
export interface Answer {
  intent?: string;
  message?: string;
  itemId?: string;
  error?: { code: string; message: string; fields?: Record<string, string[]> };
}
