// A bought or chosen beat's artwork in the checkout's lists: its cover, or, when it has none, the
// kit's generated cover (initials on a brand gradient, ADR 118). Decorative: the title is always
// written beside it.
import { GeneratedCover } from "../../../components/ui";

export function ItemCover({ title, url }: { title: string; url: string | null }) {
  if (url) return <img className="item-cover" src={url} alt="" loading="lazy" decoding="async" />;
  return <GeneratedCover title={title} className="item-cover" />;
}
