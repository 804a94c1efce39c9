// Every member-supplied text in every schema starts from `memberText()`: XML 1.0 forbids the C0
// control characters (except tab, newline and carriage return) even in CDATA, so one stored title
// holding U+0001 makes podcast apps reject a whole feed for every subscriber (issue 27 item 2).
// They are removed before trimming and length checks, so "Ctl \u0001" is saved as "Ctl".
// Output escaping for XML and PDF lives in worker/domain/document-text.ts.
import { z } from "zod";

/** C0 control characters other than tab (U+0009), line feed (U+000A) and carriage return (U+000D). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const C0_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;

export function withoutControls(text: string): string {
  return text.replace(C0_CONTROLS, "");
}

/** `z.string(params)` that drops C0 control characters first; chain `.trim().min().max()` as usual. */
export function memberText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).overwrite(withoutControls);
}
