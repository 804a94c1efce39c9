// One rule for member text in, one escape per document format out (issue 27 item 2).
import { describe, expect, it } from "vitest";
import { episodeTextSchema } from "../../app/kernel/schemas/farmertv";
import { titleSchema } from "../../app/kernel/schemas/products";
import { memberText, withoutControls } from "../../app/kernel/schemas/text";
import { escapeXml, pdfText, xmlText } from "./document-text";

describe("member text", () => {
  it("drops C0 control characters but keeps tab, newline and carriage return", () => {
    expect(withoutControls("a\u0000b\u0001c\u0008d\u000be\u000cf\u001bg\u001fh\ti\nj\rk")).toBe("abcdefgh\ti\nj\rk");
    expect(memberText().trim().min(1).safeParse("\u0001 \u001b").success).toBe(false);
    expect(memberText().max(3).parse("ab\u0001c")).toBe("abc");
  });

  it("is what the schemas of member-supplied text use", () => {
    expect(episodeTextSchema.parse({ title: "Ctl \u0001\u000b\u001b", description: "D\u0007" })).toEqual({
      title: "Ctl",
      description: "D",
    });
    expect(titleSchema.parse("Beat\u0002 one")).toBe("Beat one");
  });
});

describe("document text", () => {
  it("removes what XML 1.0 forbids, even in CDATA", () => {
    expect(xmlText("a\u0001b\ufffec\uffffd\ud800e\udc00f\t\n\r😀")).toBe("abcdef\t\n\r😀");
  });

  it("escapes markup for hand-written XML", () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>\u0001`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;",
    );
  });

  it("keeps PDF text to what the standard fonts can draw", () => {
    expect(pdfText("Beat\u0001 “one” – €5 ✓")).toBe("Beat? “one” – €5 ?");
  });
});
