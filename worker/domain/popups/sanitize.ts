// Popup styles and links are written by the admin but rendered on the public
// landing page: only allow-listed CSS properties with inert values, and only
// http(s) links, ever reach a page.
const ALLOWED_PROPERTIES = new Set([
  "color",
  "background-color",
  "font-size",
  "font-weight",
  "font-style",
  "font-family",
  "text-align",
  "text-decoration",
  "text-transform",
  "letter-spacing",
  "line-height",
  "padding",
  "margin",
  "border-radius",
]);

/** No functions (url(), expression(), var()), no escapes, no markup, no at-rules. */
const SAFE_VALUE = /^[#%.,\-\s\w"']+$/;

export type StyleObject = Record<string, string>;

function camelCase(property: string) {
  return property.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** Parses an inline-style string of `name:value;` pairs into a React style object of allowed entries. */
export function sanitizeStyle(inline: string | null | undefined): StyleObject {
  const style: StyleObject = {};
  for (const declaration of (inline ?? "").split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (!ALLOWED_PROPERTIES.has(property) || !value || value.length > 100 || !SAFE_VALUE.test(value)) continue;
    style[camelCase(property)] = value;
  }
  return style;
}

/** Returns the URL if it is an absolute http(s) URL, otherwise null. */
export function sanitizeUrl(address: string | null | undefined): string | null {
  if (!address) return null;
  try {
    const url = new URL(address.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}
