// A form the browser could not deliver (offline, connection reset, the server unreachable): the
// page shows the seed's message for that step in its own error list instead of the error page.
// Only a failed delivery is caught (fetch's TypeError); whatever the server answered, a redirect
// included, passes through unchanged.
import type { ShouldRevalidateFunctionArgs } from "react-router";

/** What a page action's error looks like (forms.server.ts `FormError`), for the same error list. */
export interface UndeliveredError {
  error: { code: "network"; message: string };
}

export async function whenUndelivered<T, E extends object = Record<never, never>>(
  send: () => Promise<T>,
  message: string,
  echo?: E,
): Promise<T | (E & UndeliveredError)> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof TypeError) return { ...(echo as E), error: { code: "network", message } };
    throw error;
  }
}

/**
 * `shouldRevalidate` for the root and every route with `whenUndelivered`: after a form that never
 * reached the server, no loader is asked again (that request would fail too, and its error would
 * replace the page and its message).
 */
export function skipAfterUndelivered({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const error = (actionResult as Partial<UndeliveredError> | null | undefined)?.error;
  return error?.code === "network" ? false : defaultShouldRevalidate;
}
