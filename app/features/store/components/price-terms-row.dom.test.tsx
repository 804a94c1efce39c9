// A licence tier's inline edit in /digimanager (issue 46): the form posts to the page's action (stood
// in here, under React Router's createRoutesStub); a refusal is shown beside its field and read with it
// (aria-describedby), what was typed stays, the error goes when that field changes, and a save closes
// the form and says 'Saved' beside the row.
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { button, byRole, click, mount, submit, texts, typeInto, until } from "../../../../tests/dom/support";
import { BUILT_IN_TEMPLATES, TIER_COUNT_INVALID } from "../../../kernel/licence-tiers-messages";
import { PRICE_TOO_PRECISE } from "../../../kernel/schemas/money";
import { PriceTermsRow, type TermsAnswer } from "./PriceTermsRow";

const mp3 = BUILT_IN_TEMPLATES["mp3-lease"];

function page(answers: Omit<TermsAnswer, "intent" | "target">[]) {
  const posted: Record<string, string>[] = [];
  const Stub = createRoutesStub([
    {
      path: "/digimanager",
      Component: () => (
        <ul>
          <PriceTermsRow
            intent="tier-terms"
            target="t1"
            hidden={{ productId: "p1", tierId: "t1" }}
            name="MP3 Lease"
            label="MP3 Lease of Night Shift"
            priceCents={mp3.priceCents}
            terms={mp3.terms}
            editable
          />
        </ul>
      ),
      action: async ({ request }) => {
        posted.push(Object.fromEntries(await request.formData()) as Record<string, string>);
        return { intent: "tier-terms", target: "t1", ...answers[posted.length - 1] };
      },
    },
  ]);
  return { Stub, posted };
}

const input = (host: Element, label: string) => {
  const labelled = [...host.querySelectorAll("label")].find((l) => l.textContent === label)!;
  return host.querySelector<HTMLInputElement>(`#${CSS.escape(labelled.htmlFor)}`)!;
};
const describedBy = (control: Element) =>
  (control.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe("a tier's price and terms, edited in place", () => {
  it("shows the server's error beside its field, keeps what was typed, clears it when the field changes, then says Saved", async () => {
    const { Stub, posted } = page([
      {
        error: {
          code: "invalid",
          message: PRICE_TOO_PRECISE,
          fields: { price: [PRICE_TOO_PRECISE], "terms.audioStreams": [TIER_COUNT_INVALID] },
        },
      },
      { saved: true },
    ]);
    const view = await mount(<Stub initialEntries={["/digimanager"]} />);
    expect(view.host.textContent).toContain("$29.99");
    expect(view.host.textContent).toContain("2,000 copies · 100,000 streams · 1 music video · no radio");
    await click(button(view.host, /^Edit/));
    const price = input(view.host, "Price (USD)");
    const streams = input(view.host, "Audio streams");
    expect(price.value).toBe("29.99");
    expect(streams.value).toBe("100000");
    await typeInto(price, "12.345");
    await typeInto(streams, "lots");
    await submit(view.host.querySelector("form")!);
    await until(() => byRole(view.host, "alert").length === 2, "the errors");

    expect(posted[0]).toMatchObject({
      intent: "tier-terms",
      productId: "p1",
      tierId: "t1",
      price: "12.345",
      "terms.audioStreams": "lots",
      "terms.distributionCopies": "2000",
      "terms.creditLine": mp3.terms.creditLine,
    });
    expect(price.value).toBe("12.345");
    expect(price.getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(price)).toEqual(["What a buyer pays", PRICE_TOO_PRECISE]);
    expect(describedBy(streams)).toEqual(["Empty: unlimited", TIER_COUNT_INVALID]);
    // Only the field that changed loses its error.
    await typeInto(price, "12.34");
    expect(texts(byRole(view.host, "alert"))).toEqual([TIER_COUNT_INVALID]);
    expect(price.getAttribute("aria-invalid")).toBeNull();
    expect(describedBy(price)).toEqual(["What a buyer pays"]);
    expect(streams.value).toBe("lots");

    await typeInto(streams, "");
    await submit(view.host.querySelector("form")!);
    const saved = await until(() => byRole(view.host, "status")[0], "Saved");
    expect(saved.textContent).toBe("Saved");
    expect(view.host.querySelector("form")).toBeNull();
    expect(byRole(view.host, "alert")).toEqual([]);
    expect(posted[1]).toMatchObject({ price: "12.34", "terms.audioStreams": "" });
  });

  it("Cancel closes the form and forgets the refusal", async () => {
    const { Stub } = page([
      { error: { code: "invalid", message: PRICE_TOO_PRECISE, fields: { price: [PRICE_TOO_PRECISE] } } },
    ]);
    const view = await mount(<Stub initialEntries={["/digimanager"]} />);
    await click(button(view.host, /^Edit/));
    await typeInto(input(view.host, "Price (USD)"), "1.001");
    await submit(view.host.querySelector("form")!);
    await until(() => byRole(view.host, "alert").length === 1, "the error");
    await click(button(view.host, /^Cancel/));
    expect(view.host.querySelector("form")).toBeNull();
    await click(button(view.host, /^Edit/));
    expect(byRole(view.host, "alert")).toEqual([]);
    expect(input(view.host, "Price (USD)").value).toBe("29.99");
  });
});
