import { useEffect, useState } from "react";
import { dismissalKey, type PopupView } from "../lib/popup";

/** Browser storage may be unavailable (private modes, blocked cookies): then the card simply shows. */
function remembered(key: string) {
  try {
    return window.localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

function remember(key: string) {
  try {
    window.localStorage.setItem(key, String(Date.now()));
  } catch {
    // Nothing to do: the visitor sees the card again next time.
  }
}

/**
 * The welcome card of the landing page, and of the popup editor's live preview
 * (`remember={false}`): one component, so what the admin sees is what visitors get.
 * Styles and links arrive already sanitised (app/lib/popup.ts). A visitor who
 * closes it does not see this version of this popup again in this browser.
 */
export function PopupCard({ popup, remember: persist = true }: { popup: PopupView; remember?: boolean }) {
  const key = dismissalKey(popup);
  const [open, setOpen] = useState(true);
  useEffect(() => {
    setOpen(!(persist && remembered(key)));
  }, [key, persist]);
  if (!open) return null;
  const close = () => {
    if (persist) remember(key);
    setOpen(false);
  };
  return (
    <aside className="popup-card" aria-label="Welcome" data-popup-id={popup.id}>
      <button type="button" className="close" aria-label="Close" onClick={close}>
        ×
      </button>
      {popup.header && <h2 style={popup.headerStyle}>{popup.header}</h2>}
      {popup.paragraph.text && <p style={popup.paragraph.style}>{popup.paragraph.text}</p>}
      {popup.imageUrl && <img src={popup.imageUrl} alt="" loading="lazy" />}
      {popup.linkAddress && (
        <a className="button" href={popup.linkAddress} target="_blank" rel="noopener noreferrer">
          {popup.buttonLabel || "Open"}
        </a>
      )}
    </aside>
  );
}
