// The store pages' JSON calls to the API. A refusal comes back with the
// server's message and field map; a network failure throws.
export type Answer<T> =
  | { ok: true; status: number; body: T }
  | { ok: false; status: number; message: string; fields?: Record<string, string[]> };

export async function sendJson<T = unknown>(path: string, method: string, json?: unknown): Promise<Answer<T>> {
  const response = await fetch(path, {
    method,
    credentials: "same-origin",
    headers:
      json === undefined
        ? { accept: "application/json" }
        : { accept: "application/json", "content-type": "application/json" },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {}
  if (response.ok) return { ok: true, status: response.status, body: body as T };
  const error = (body as { error?: { message?: string; fields?: Record<string, string[]> } } | null)?.error;
  return { ok: false, status: response.status, message: error?.message ?? "", fields: error?.fields };
}

/** One listen of a product's preview, for the seller's play count; a lost count is not worth an error. */
export function countPreviewPlay(productId: string) {
  void sendJson(`/api/products/${encodeURIComponent(productId)}/plays`, "POST").catch(() => undefined);
}

export { clock } from "./media-time";
