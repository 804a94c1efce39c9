// An e-mail address may wrap only after its @ and before its dots, and reads (and copies) unchanged.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EmailAddress } from "./EmailAddress";

describe("EmailAddress", () => {
  it("offers a line break after the @ and before each dot, nowhere else", () => {
    expect(renderToStaticMarkup(<EmailAddress value="producer.with.a.long.address@example.com" />)).toBe(
      "producer<wbr/>.with<wbr/>.a<wbr/>.long<wbr/>.address@<wbr/>example<wbr/>.com",
    );
  });

  it("shows the address as it is", () => {
    const box = document.createElement("p");
    box.innerHTML = renderToStaticMarkup(<EmailAddress value="first.last+tag@sub.example.org" />);
    expect(box.textContent).toBe("first.last+tag@sub.example.org");
  });
});
