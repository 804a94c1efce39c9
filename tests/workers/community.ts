// The community form's start stamp, made as the server makes it but `ago` ms
// in the past, so tests can send a form "a person took 5 s to fill".
import { env } from "cloudflare:workers";
import { hmacSha256 } from "../../worker/security/crypto";

export async function stampAgo(ago = 5000) {
  const at = String(Date.now() - ago);
  return `${at}.${await hmacSha256(env.SESSION_SECRET, `community-form:${at}`)}`;
}
