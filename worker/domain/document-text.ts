// Text written into documents other programs parse: XML (feeds, sitemaps) and PDF (licences).
// Schemas already drop C0 controls from new input (app/kernel/schemas/text.ts); these helpers make
// every document safe on output too, whatever older rows or other paths hold.

/** What XML 1.0 forbids even escaped or in CDATA: C0 controls but tab/LF/CR, U+FFFE, U+FFFF, lone surrogates. */
const XML_FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text with every character XML 1.0 forbids removed, for a library that escapes markup itself. */
export function xmlText(text: string): string {
  return text.replace(XML_FORBIDDEN, "");
}

const XML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text for an XML element or attribute value written by hand: forbidden characters removed, markup escaped. */
export function escapeXml(text: string): string {
  return xmlText(text).replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);
}

/**
 * Text for pdf-lib's standard fonts, which speak WinAnsi only: control characters and anything
 * else outside it become `?` rather than failing the document.
 */
export function pdfText(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u20ac]/g, "?");
}
