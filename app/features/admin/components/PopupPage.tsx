// A welcome popup as a page's content (/webpopup): the same sanitised view as the landing card
// (app/kernel/popup.ts), the whole paragraph, the image with its alt text and the link as a button.

import { buttonClass } from "../../../components/ui";
import type { PopupView } from "../../../kernel/popup";

export function PopupPage({ popup }: { popup: PopupView }) {
  return (
    <article className="popup-page theme-light">
      <h1 style={popup.headerStyle}>{popup.header || "Welcome"}</h1>
      {popup.paragraph.text && <p style={popup.paragraph.style}>{popup.paragraph.text}</p>}
      {popup.imageUrl && <img src={popup.imageUrl} alt={popup.imageAlt} />}
      {popup.linkAddress && (
        <p>
          <a href={popup.linkAddress} className={buttonClass("primary")} rel="noopener noreferrer">
            {popup.buttonLabel || "Learn more"}
          </a>
        </p>
      )}
    </article>
  );
}
