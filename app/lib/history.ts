// Going "back to the page before" inside the app. React Router numbers its
// history entries (`history.state.idx`), but entries made before a reload
// belong to an earlier document: going back to one of those does not render
// it in this one. This module is evaluated when the document starts (root
// imports it), so it knows where this document's own entries begin.
type HistoryState = { idx?: number } | null;

const currentIdx = () => (typeof window === "undefined" ? 0 : ((window.history.state as HistoryState)?.idx ?? 0));
const documentStartIdx = currentIdx();

/** True when the previous entry was made by this page load, so `navigate(-1)` stays in the app. */
export function canGoBackInApp(): boolean {
  return currentIdx() > documentStartIdx;
}
