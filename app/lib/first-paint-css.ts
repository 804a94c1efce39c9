// A page's stylesheets inside its HTML for the first paint (issue 45: on a slow phone line each
// `<link rel="stylesheet">` costs a round trip before anything is drawn). entry.server.tsx reads the
// matched routes' CSS from the static assets before rendering; the root's `FirstPaintLinks` puts
// each text in a `<style>` where its link was and keeps the link as `media="print"` (fetched, not
// blocking); after hydration the links apply again and the copies go, so React Router manages the
// stylesheets of later navigations as before.

/** Hashed assets never change: their text is kept for the isolate's life. */
const texts = new Map<string, string>();

/** At most this much CSS (raw bytes) goes into one page; beyond it the page keeps its links. */
export const FIRST_PAINT_CSS_LIMIT = 96 * 1024;

export const FIRST_PAINT_ATTRIBUTE = "data-first-paint";

/** The text to inline for `href`, on the server, when it was read and fits (undefined otherwise). */
export function firstPaintCss(href: string): string | undefined {
  return texts.get(href);
}

/**
 * Reads the stylesheets `hrefs` (same-origin `/assets/…css`) through `fetchAsset` when all of them,
 * together, fit the limit; leaves the map as it was on any failure (the page then keeps its links).
 */
export async function readFirstPaintCss(hrefs: string[], fetchAsset: (path: string) => Promise<Response>) {
  const missing = [...new Set(hrefs)].filter((href) => href.startsWith("/assets/") && !texts.has(href));
  const read = await Promise.all(
    missing.map(async (href) => {
      try {
        const response = await fetchAsset(href);
        const text = response.ok ? await response.text() : null;
        // Inside <style> the text must not close the element.
        return text !== null && !/<\/style/i.test(text) ? ([href, text] as const) : null;
      } catch {
        return null;
      }
    }),
  );
  for (const entry of read) if (entry) texts.set(entry[0], entry[1]);
  const total = hrefs.reduce((sum, href) => sum + (texts.get(href)?.length ?? Number.POSITIVE_INFINITY), 0);
  return total <= FIRST_PAINT_CSS_LIMIT;
}
