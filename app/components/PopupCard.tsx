import { useEffect, useRef } from "react";
import { dismissalKey, type PopupView } from "../kernel/popup";

/**
 * On a phone the card starts as a bar (its header and 'Details'), so it covers none of the first
 * screen's demo; a tap opens it. Escape closes the card; with a `key`, a close is remembered in this browser and a card closed
 * before is closed at once. ONE function for both ways the card is drawn: on the landing page,
 * which loads no React (ADR 026), its source text is the card's inline script, run as the parser
 * reaches it; when React draws the card (a client navigation to `/`), an effect calls it. So it
 * must stay self-contained (no outer names, no comments inside). Browser storage may be unavailable
 * (private modes, blocked cookies): then the card simply shows again next time.
 */
function wireCard(dialog: HTMLDialogElement, key: string | null) {
  const more = dialog.querySelector("details");
  if (more && !dialog.classList.contains("popup-inline") && window.matchMedia("(max-width: 600px)").matches)
    more.open = false;
  dialog.addEventListener("keydown", (event) => {
    if (event.key === "Escape") dialog.close();
  });
  if (key === null) return;
  try {
    if (localStorage.getItem(key) !== null) return dialog.close();
    dialog.addEventListener("close", () => {
      try {
        localStorage.setItem(key, String(Date.now()));
      } catch (_) {}
    });
  } catch (_) {}
}

function inlineScript(key: string) {
  const literal = JSON.stringify(key).replace(/</g, "\\u003c");
  return `(${wireCard.toString()})(document.currentScript.previousElementSibling,${literal})`;
}

/**
 * The welcome card of the landing page (an overlay that never pushes the page), and of the popup
 * editor's live preview (`remember={false} inline`): one component, so what the admin sees is what visitors get.
 * Styles and links arrive already sanitised (app/kernel/popup.ts). It is a non-modal
 * `<dialog open>` whose Close button submits a `method="dialog"` form: the browser
 * closes it with no script at all. A visitor who closes it does not see this
 * version of this popup again in this browser (wireCard).
 */
export function PopupCard({
  popup,
  remember = true,
  inline = false,
}: {
  popup: PopupView;
  remember?: boolean;
  /** Drawn in place (the editor's preview) instead of as the landing page's overlay. */
  inline?: boolean;
}) {
  const key = remember ? dismissalKey(popup) : null;
  const dialog = useRef<HTMLDialogElement>(null);
  // Only when React draws the card in the browser; the server-rendered page has the inline script.
  useEffect(() => {
    if (dialog.current) wireCard(dialog.current, key);
  }, [key]);
  return (
    <>
      <dialog
        ref={dialog}
        open
        className={inline ? "popup-dialog popup-inline" : "popup-dialog"}
        aria-label="Welcome"
        data-popup-id={popup.id}
      >
        {/* Themed like the page; in dark mode the theme's text colours beat the admin's (app.css). */}
        <aside className="popup-card" aria-label="Welcome">
          <form method="dialog">
            <button type="submit" className="close" aria-label="Close">
              ×
            </button>
          </form>
          {popup.header && <h2 style={popup.headerStyle}>{popup.header}</h2>}
          {/* Open unless a phone's script closes it: without script the whole card shows. */}
          <details className="popup-more" open>
            <summary>Details</summary>
            {popup.paragraph.text && <p style={popup.paragraph.style}>{popup.paragraph.text}</p>}
            {popup.imageUrl && <img src={popup.imageUrl} alt={popup.imageAlt} loading="lazy" />}
            {popup.linkAddress && (
              <a className="button" href={popup.linkAddress} target="_blank" rel="noopener noreferrer">
                {popup.buttonLabel || "Open"}
              </a>
            )}
          </details>
        </aside>
      </dialog>
      {/* Our own function's text; the key inside is JSON with '<' escaped. React never runs it. */}
      {key !== null && <script dangerouslySetInnerHTML={{ __html: inlineScript(key) }} />}
    </>
  );
}
