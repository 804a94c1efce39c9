// Cookie parsing and serialising for the session and theme cookies.
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
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
