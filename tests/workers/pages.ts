// Pages as a browser gets them, in integration tests: the SSR text as a reader sees
// it, and a form posted to a route's action the way a fetcher does.
import { call } from "./http";

/**
 * The page's HTML with the usual entities decoded and React's text separators (`<!-- -->`)
 * dropped, so sentences read as shown; `keepSeparators` keeps them to check where text joins.
 */
export async function html(response: Response, { keepSeparators = false } = {}) {
  const text = await response.text();
  return (keepSeparators ? text : text.replaceAll("<!-- -->", ""))
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");
}

export type FormFields = [string, string][] | Record<string, string>;

/** Posts a form to a page action (`<path>.data`, as a fetcher does); fields may repeat. */
export async function act(path: string, fields: FormFields, cookie?: string) {
  const body = new URLSearchParams(Array.isArray(fields) ? fields : Object.entries(fields));
  const response = await call(`${path}.data`, { body, cookie });
  return { status: response.status, text: await response.text(), response };
}

/** The same with a JSON body (`fetcher.submit(…, {encType: "application/json"})`). */
export async function actJson(path: string, json: unknown, cookie?: string) {
  const response = await call(`${path}.data`, { json, cookie });
  return { status: response.status, text: await response.text(), response };
}
