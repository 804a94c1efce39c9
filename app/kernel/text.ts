/** Seed 000 §9 / 001 §9: popup paragraphs preview at 100 characters. */
export const POPUP_PREVIEW_LENGTH = 100;

export function truncate(text: string, length = POPUP_PREVIEW_LENGTH) {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}
