// /webpopup (seed 001: listed without a screen): the active welcome popup as a page of its own,
// rendered on the server with share tags, so the message can be linked to and previewed; the
// whole paragraph here (the landing card cuts it at 100 characters). An admin previews any
// saved popup with ?id=.
import { Link } from "react-router";
import { EmptyState } from "../../../components/ui";
import { shareMeta } from "../../../lib/share-meta";
import { PopupPage } from "../components/PopupPage";
import type { Route } from "./+types/popup";

export { loader } from "./popup.server";

export function meta({ loaderData }: Route.MetaArgs) {
  const popup = loaderData?.popup;
  const tags = shareMeta({
    origin: loaderData?.origin ?? "http://localhost",
    path: "/webpopup",
    title: popup?.header || "Welcome",
    description: popup?.paragraph.text || "News and offers from Creator Platform.",
    image: popup?.imageUrl,
  });
  // A preview of a popup that may never go live is not for search engines.
  return loaderData?.preview ? [...tags, { name: "robots", content: "noindex" }] : tags;
}

export default function WebPopup({ loaderData }: Route.ComponentProps) {
  const { popup, preview } = loaderData;
  return (
    <section className="card narrow webpopup">
      {preview && (
        <p className="notice" role="status">
          Preview{preview.active ? " of the active popup" : ": this popup is not active, visitors do not see it"}.{" "}
          <Link to={`/popcustom?id=${encodeURIComponent(preview.id)}`}>Edit it</Link> ·{" "}
          <Link to="/theAdministrator?section=popups">Back to the popups</Link>
        </p>
      )}
      {popup ? (
        <PopupPage popup={popup} />
      ) : (
        <>
          <h1>Welcome</h1>
          <EmptyState title="There is no welcome message right now." action={<Link to="/">Go to the home page</Link>}>
            Check back soon for news and offers.
          </EmptyState>
        </>
      )}
    </section>
  );
}
