import { useState } from "react";
import type { ActivePopup } from "../../worker/domain/popups/active";

export const POPUP_PREVIEW_LENGTH = 100;

export function truncate(text: string, length = POPUP_PREVIEW_LENGTH) {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

/** The landing page's welcome card. Styles and links arrive already sanitised by the server. */
export function PopupCard({ popup }: { popup: ActivePopup }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <aside className="popup-card" aria-label="Welcome">
      <button type="button" className="close" aria-label="Close" onClick={() => setOpen(false)}>
        ×
      </button>
      <h2 style={popup.headerStyle}>{popup.header}</h2>
      <p style={popup.paragraph.style}>{truncate(popup.paragraph.text)}</p>
      {popup.imageUrl && <img src={popup.imageUrl} alt="" loading="lazy" />}
      {popup.linkAddress && (
        <a className="button" href={popup.linkAddress} target="_blank" rel="noopener noreferrer">
          {popup.buttonLabel || "Open"}
        </a>
      )}
    </aside>
  );
}
