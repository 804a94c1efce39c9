// The welcome popup as pages draw it, made by ONE function from the stored fields, used by the
// landing page (server) and by the editor's live preview (browser): same sanitiser, same cut.
import { type StyleObject, sanitizeStyle, sanitizeUrl } from "./popup-sanitize";
import { truncate } from "./text";

export interface PopupView {
  id: string;
  /** Closing is remembered per id and version, so a changed popup shows again. */
  version: number;
  header: string;
  headerStyle: StyleObject;
  paragraph: { text: string; style: StyleObject };
  imageUrl: string | null;
  /** The editor's description of the image ("" for a decorative one). */
  imageAlt: string;
  linkAddress: string | null;
  buttonLabel: string;
}

export interface PopupFields {
  id: string;
  version: number;
  header: string;
  headerStyle: string;
  paragraphText: string;
  paragraphStyle: string;
  buttonLabel: string;
  linkAddress: string;
  imageAlt: string;
}

/** Styles and links made safe; the paragraph whole (the fundraiser page shows it with 'Read More'). */
export function presentPopup(popup: PopupFields, imageUrl: string | null): PopupView {
  return {
    id: popup.id,
    version: popup.version,
    header: popup.header,
    headerStyle: sanitizeStyle(popup.headerStyle),
    paragraph: { text: popup.paragraphText, style: sanitizeStyle(popup.paragraphStyle) },
    imageUrl: sanitizeUrl(imageUrl),
    imageAlt: popup.imageAlt,
    linkAddress: sanitizeUrl(popup.linkAddress),
    buttonLabel: popup.buttonLabel,
  };
}

/** The landing card's form of a popup: the paragraph cut at 100 characters with '...' (seed 000 §9). */
export function landingPopup(popup: PopupView): PopupView {
  return { ...popup, paragraph: { ...popup.paragraph, text: truncate(popup.paragraph.text) } };
}

/** The browser-storage key that remembers a visitor closed this version of this popup. */
export function dismissalKey(popup: Pick<PopupView, "id" | "version">) {
  return `popup-closed:${popup.id}:${popup.version}`;
}
