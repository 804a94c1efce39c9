// FarmerTV's messages and limits (seed 001 screens 10–11, §8 verbatim), apart from the schemas in
// farmertv.ts (which re-exports them): the public episode list shows one and loads no zod (ADR 051).

export const TITLE_AND_DESCRIPTION_FIRST = "Please enter title and description first.";
export const UPLOAD_FAILED = "Upload failed.";
export const uploadedMessage = (name: string) => `File "${name}" uploaded successfully`;
/** 'Upload failed.' followed by the file and the server's reason, when there is one. */
export const uploadFailedMessage = (name: string, reason: string | null) =>
  reason ? `${UPLOAD_FAILED} ${name}: ${reason}` : UPLOAD_FAILED;
export const LOADING_EPISODES = "Loading episodes...";
export const NO_EPISODES = "No episodes uploaded yet.";
export const DESCRIPTION_MAX = 360;
export const DESCRIPTION_TOO_LONG = `Description must be at most ${DESCRIPTION_MAX} characters.`;
export const TITLE_MAX = 100;
export const EPISODE_UPLOAD_MISSING = "The uploaded video was not found. Please upload it again.";
