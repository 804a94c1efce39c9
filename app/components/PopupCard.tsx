import { useState } from "react";
import type { ActivePopup } from "../../worker/domain/popups/active";

/**
 * The landing page's welcome card. Styles and links arrive already sanitised
 * by the server, and the paragraph already cut to its preview length.
 */
export function PopupCard({ popup }: { popup: ActivePopup }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <aside className="popup-card" aria-label="Welcome">
      <button type="button" className="close" aria-label="Close" onClick={() => setOpen(false)}>
        ×
      </button>
      <h2 style={popup.headerStyle}>{popup.header}</h2>
      <p style={popup.paragraph.style}>{popup.paragraph.text}</p>
      {popup.imageUrl && <img src={popup.imageUrl} alt="" loading="lazy" />}
      {popup.linkAddress && (
        <a className="button" href={popup.linkAddress} target="_blank" rel="noopener noreferrer">
          {popup.buttonLabel || "Open"}
        </a>
      )}
    </aside>
  );
}
