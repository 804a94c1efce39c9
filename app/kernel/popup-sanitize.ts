// Popup styles and links are written by the admin but rendered on the public
// landing page: only allow-listed CSS properties with inert values, and only
// http(s) links, ever reach a page. This one module is used by the server
// (saving, the landing page) and by the editor's live preview in the browser,
// so what the admin sees is what visitors get.
export const ALLOWED_PROPERTIES = [
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
] as const;
const ALLOWED = new Set<string>(ALLOWED_PROPERTIES);

/** No functions (url(), expression(), var()), no escapes, no markup, no at-rules. */
const SAFE_VALUE = /^[#%.,\-\s\w"']+$/;
const MAX_VALUE_LENGTH = 100;

export type StyleObject = Record<string, string>;

/** What the sanitiser kept, and each declaration it refused with the reason, in words an admin can act on. */
export interface StyleReport {
  style: StyleObject;
  refused: string[];
}

function camelCase(property: string) {
  return property.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

function shorten(text: string) {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** Parses an inline-style string of `name:value;` pairs, keeping allowed entries and naming the refused ones. */
export function inspectStyle(inline: string | null | undefined): StyleReport {
  const report: StyleReport = { style: {}, refused: [] };
  for (const declaration of (inline ?? "").split(";")) {
    if (!declaration.trim()) continue;
    const colon = declaration.indexOf(":");
    if (colon < 0) {
      report.refused.push(`'${shorten(declaration.trim())}' is not a name:value pair`);
      continue;
    }
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (!ALLOWED.has(property)) report.refused.push(`property '${shorten(property)}' is not allowed`);
    else if (!value) report.refused.push(`'${property}' has no value`);
    else if (value.length > MAX_VALUE_LENGTH || !SAFE_VALUE.test(value))
      report.refused.push(`the value of '${property}' (${shorten(value)}) is not allowed`);
    else report.style[camelCase(property)] = value;
  }
  return report;
}

/** The allowed part of an inline-style string, as a React style object. */
export function sanitizeStyle(inline: string | null | undefined): StyleObject {
  return inspectStyle(inline).style;
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
