// JSON calls to the app's upload API (sign, resume, record a part, complete).
import { abortError, errorMessage, NETWORK_ERROR, UploadError } from "./errors";

/** A JSON call to the app's API; failures become UploadError with the server's message. */
export async function api<T = unknown>(
  path: string,
  init: { method?: string; json?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? "GET",
      credentials: "same-origin",
      headers:
        init.json === undefined
          ? { accept: "application/json" }
          : { accept: "application/json", "content-type": "application/json" },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      signal: init.signal,
    });
  } catch (_error) {
    if (init.signal?.aborted) throw abortError(init.signal);
    throw new UploadError(NETWORK_ERROR);
  }
  const text = await response.text();
  if (!response.ok) {
    let code = "upload_failed";
    let fields: Record<string, string[]> | undefined;
    try {
      const body = JSON.parse(text) as { error?: { code?: string; fields?: Record<string, string[]> } };
      code = body.error?.code ?? code;
      fields = body.error?.fields;
    } catch {}
    throw new UploadError(
      errorMessage(text, `The server answered HTTP ${response.status}.`),
      response.status,
      code,
      fields,
    );
  }
  return (text ? JSON.parse(text) : undefined) as T;
}
