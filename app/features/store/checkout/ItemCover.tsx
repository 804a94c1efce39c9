// A bought or chosen beat's artwork in the checkout's lists: its cover, or, when it has none, a
// generated one (up to two initials on a gradient made from the brand token, picked by a hash of the
// title so a title always gets the same one). A local stand-in for the kit's GeneratedCover, which
// is being made on the brand branch: swap it in when that lands on main. Decorative: the title is
// always written beside it.

const VARIANTS = 5;

function initials(title: string) {
  const words = title
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return (
    words
      .slice(0, 2)
      .map((word) => word[0]!.toUpperCase())
      .join("") || "♪"
  );
}

function variant(title: string) {
  let hash = 0;
  for (const char of title) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return hash % VARIANTS;
}

export function ItemCover({ title, url, size = "md" }: { title: string; url: string | null; size?: "sm" | "md" }) {
  if (url) return <img className={`item-cover ${size}`} src={url} alt="" loading="lazy" decoding="async" />;
  return (
    <span className={`item-cover ${size} generated v${variant(title)}`} aria-hidden="true">
      {initials(title)}
    </span>
  );
}
