// Ours (issue 46.6b): a member removed from a project's team asks for one of its files. Shared by
// the API (worker/domain/files) and the file view's Download button; no zod, so the page loads none.
export const ACCESS_REMOVED = "Your access to this file was removed.";
