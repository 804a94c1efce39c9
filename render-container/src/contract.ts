// What the Worker sends the renderer and what it answers, per job kind: types
// only, importing only Node-free type modules, so the Worker imports them
// (type-only) without pulling in Node. The renderer validates inputs itself
// (render.ts, probe.ts).
import type { ItemChapter, PlacedChapter } from "./chapters.ts";
import type { Loudness, Outcome } from "./loudness.ts";

export type MediaType = "audio" | "video";

/** A job's state: the `jobs` row's status, as the Worker stores it and pages show it. */
export type JobStatus = "queued" | "running" | "done" | "failed";

/**
 * The renderer's progress message, posted on a job's signed callback while it works (also the
 * job's heartbeat, ADR 033): a whole percentage 0..100. The Worker validates it (worker/jobs/reports.ts),
 * stores it in `jobs.progress`, and pages follow it as a `JobProgress`.
 */
export type ProgressReport = { jobId: string; progress: number; status: "running" };

/** A job as a page follows it: its state, its last reported percentage, and why it failed. */
export type JobProgress = { status: JobStatus; progress: ProgressReport["progress"]; error: string | null };

export type ProbeInput = {
  url: string;
  /** A store product's audio: suggest its BPM as well (render-container/src/tempo.ts). */
  tempo?: boolean;
};

/** A beat's tempo as the probe suggests it; the seller confirms it. */
export type TempoEstimate = {
  /** Beats per minute, one decimal, 70–180. */
  bpm: number;
  /** 0..1: how strongly the onsets repeat at that beat (1 = a perfect click track). */
  confidence: number;
};

export type ProbeResult = {
  durationSeconds: number | null;
  frameRate: number | null;
  /** "1920x1080" */
  resolution: string | null;
  hasVideo: boolean;
  hasAudio: boolean;
  videoCodec: string | null;
  audioCodec: string | null;
  formatName: string | null;
  /** Waveform levels 0..1 of the first audio stream (render-container/src/probe-peaks.ts); null without audio. */
  peaks?: number[] | null;
  /** Asked for with `tempo`: the suggested BPM, or null when the audio has no steady pulse. */
  tempo?: TempoEstimate | null;
};

export type RenderTarget = { url: string; headers?: Record<string, string> };

export type RenderItem = {
  url: string;
  /** Chapter marks inside the item (offset 0 = the item's own chapter). */
  chapters?: ItemChapter[];
  /** The file's loudness as measured before: not measured again. */
  loudness?: Loudness;
};

export type RenderInput = {
  items: RenderItem[];
  output: RenderTarget;
  /** Audio playlists only: the joined audio as an M4A as well. */
  audioOutput?: RenderTarget;
  mediaType: MediaType;
  loudness: boolean;
};

export type RenderResult = {
  /** "copy": the items' video was joined as it is; "reencode": everything was encoded anew (always for audio). */
  method: "copy" | "reencode";
  durationSeconds: number | null;
  frameRate: number | null;
  resolution: string | null;
  size: number;
  videoCodec: string | null;
  audioCodec: string | null;
  audioOutput?: { size: number; durationSeconds: number | null };
  /** Where the chapters landed (also embedded in both outputs). */
  chapters?: PlacedChapter[];
  /** With loudness: what each item measured and the gain it got. */
  loudness?: LoudnessResult;
};

export type LoudnessResult = {
  target: number;
  items: { n: number; loudness: Loudness | null; measuredNow: boolean; gainDb: number; outcome: Outcome }[];
};

/** A FarmerTV episode's video in, one frame of it out as a JPEG. */
export type PosterInput = { source: RenderTarget; output: RenderTarget };

export type PosterResult = {
  durationSeconds: number | null;
  width: number;
  height: number;
  /** Bytes of the uploaded JPEG. */
  size: number;
};

/** A source object in, the same audio encoded to a show's delivery profile out (issue 30). */
export type SegmentInput = { source: RenderTarget; output: RenderTarget };

export type SegmentResult = {
  /** Bytes of the uploaded MP3: whole frames, no ID3 tag, no Xing/LAME header. */
  bytes: number;
  frames: number;
  /** frames × 1152 / 44100: exact, as a player counts it. */
  durationSeconds: number;
  /** What the source measured (EBU R128) and the gain it got. */
  loudness: { integrated: number | null; truePeak: number | null; gainDb: number; outcome: string };
};

/** The renderer's job endpoints with their input and result. */
export interface RendererJobs {
  "/jobs/probe": { input: ProbeInput; result: ProbeResult };
  "/jobs/render": { input: RenderInput; result: RenderResult };
  "/jobs/poster": { input: PosterInput; result: PosterResult };
  "/jobs/segment": { input: SegmentInput; result: SegmentResult };
}
