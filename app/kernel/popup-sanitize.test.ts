import { describe, expect, it } from "vitest";
import { inspectStyle, sanitizeStyle, sanitizeUrl } from "./popup-sanitize";

describe("sanitizeStyle", () => {
  it("keeps allow-listed properties as a React style object", () => {
    expect(sanitizeStyle("color: #0047AB; font-size:18px;text-align:center;")).toEqual({
      color: "#0047AB",
      fontSize: "18px",
      textAlign: "center",
    });
  });

  it("drops unknown properties and any value that could load or run something", () => {
    expect(
      sanitizeStyle(
        'position:fixed;background-image:url(https://x);color:expression(alert(1));width:100vw;font-family:"Inter", sans-serif;margin:0 auto;color:red\\;',
      ),
    ).toEqual({ fontFamily: '"Inter", sans-serif', margin: "0 auto" });
    expect(sanitizeStyle("color:var(--x)")).toEqual({});
    expect(sanitizeStyle("color:</style><script>")).toEqual({});
  });

  it("accepts empty and missing input", () => {
    expect(sanitizeStyle("")).toEqual({});
    expect(sanitizeStyle(null)).toEqual({});
    expect(sanitizeStyle("nonsense")).toEqual({});
  });
});

describe("sanitizeUrl", () => {
  it("keeps absolute http(s) addresses", () => {
    expect(sanitizeUrl("https://creatorplatform.app/editmedia")).toBe("https://creatorplatform.app/editmedia");
    expect(sanitizeUrl(" http://example.com ")).toBe("http://example.com/");
  });

  it("refuses every other scheme and relative or broken addresses", () => {
    for (const bad of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:text/html,x",
      "//evil.example",
      "/local",
      "vbscript:x",
      "",
      null,
    ]) {
      expect(sanitizeUrl(bad)).toBeNull();
    }
  });
});

describe("inspectStyle", () => {
  it("names every refused declaration: unknown properties, url(), expression(), </style>, escapes", () => {
    const { style, refused } = inspectStyle(
      "color:#fff;position:fixed;background-color:url(javascript:alert(1));font-size:expression(alert(1));font-family:</style><script>;behavior:url(x.htc)",
    );
    expect(style).toEqual({ color: "#fff" });
    expect(refused).toEqual([
      "property 'position' is not allowed",
      "the value of 'background-color' (url(javascript:alert(1))) is not allowed",
      "the value of 'font-size' (expression(alert(1))) is not allowed",
      "the value of 'font-family' (</style><script>) is not allowed",
      "property 'behavior' is not allowed",
    ]);
  });

  it("refuses data: and javascript: wherever they hide", () => {
    expect(inspectStyle("color:data:text/html;base64,xx").style).toEqual({});
    expect(inspectStyle("color:javascript:alert(1)").style).toEqual({});
    expect(sanitizeUrl("data:image/png;base64,xx")).toBeNull();
  });
});
