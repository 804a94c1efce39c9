// Cookie parsing and serialising for the session and theme cookies.
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  return header ? parseCookies(header).get(name) : undefined;
}

/** Each cookie's value (the first of a name wins; one that is not valid percent-encoding reads as undefined). */
function parseCookies(header: string): Map<string, string | undefined> {
  const cookies = new Map<string, string | undefined>();
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(part.slice(eq + 1).trim()));
    } catch {
      cookies.set(name, undefined);
    }
  }
  return cookies;
}

/**
 * `Secure` everywhere except plain-http localhost, where browsers would
 * otherwise drop the cookie during local development.
 */
export function isSecureRequest(request: Request): boolean {
  const url = new URL(request.url);
  const local = url.hostname === "localhost" || url.hostname === "127.0.0.1" || url.hostname === "[::1]";
  return !(url.protocol === "http:" && local);
}

interface CookieOptions {
  maxAgeSeconds?: number;
  httpOnly?: boolean;
}

export function serializeCookie(
  request: Request,
  name: string,
  value: string,
  { maxAgeSeconds, httpOnly = true }: CookieOptions = {},
): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, "Path=/", "SameSite=Lax"];
  if (maxAgeSeconds !== undefined) parts.push(`Max-Age=${maxAgeSeconds}`);
  if (httpOnly) parts.push("HttpOnly");
  if (isSecureRequest(request)) parts.push("Secure");
  return parts.join("; ");
}
