// 'Create Your Product' (/digistore) checks its fields with the product schemas it loads on submit
// (ADR 051), with the same messages as before, and sends nothing while a field is wrong.
import { act } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { answerFetch, byRole, mount, submit, texts, typeInto, until } from "../../../../tests/dom/support";
import { BPM_INVALID, DETAIL_TOO_LONG } from "../../../kernel/schemas/beat-details-messages";
import DigiStore from "../pages/create-product";

async function page() {
  const Props = DigiStore as unknown as (props: { loaderData: { userId: string } }) => React.ReactNode;
  const Stub = createRoutesStub([{ path: "/digistore", Component: () => <Props loaderData={{ userId: "u1" }} /> }]);
  const view = await mount(<Stub initialEntries={["/digistore"]} />);
  const form = await until(() => view.host.querySelector("form"), "the form");
  return { view, form, field: (name: string) => form.querySelector<HTMLInputElement>(`[name="${name}"]`)! };
}

const errors = (host: Element) => texts([...(byRole(host, "alert")[0]?.querySelectorAll("li") ?? [])]);

describe("the create form", () => {
  it("lists every field's message and sends nothing", async () => {
    const sent = answerFetch(() => new Response(null, { status: 500 }));
    const { view, form } = await page();
    await submit(form);
    await until(() => byRole(view.host, "alert")[0], "the messages");
    expect(byRole(view.host, "alert")[0]!.querySelector("h2")!.textContent).toBe("Validation errors");
    expect(errors(view.host)).toEqual([
      "Title is required.",
      "Description is required.",
      "Please upload at least one audio file.",
    ]);
    expect(sent).toEqual([]);
  });

  it("holds a priced licence and the quantity to the product's rules", async () => {
    answerFetch(() => new Response(null, { status: 500 }));
    const { view, form, field } = await page();
    await typeInto(field("title"), "Beat");
    await typeInto(field("description"), "A beat");
    const licence = [...form.querySelectorAll("select")].find((select) => select.name === "licenseType")!;
    await act(async () => {
      licence.value = "non-exclusive";
      licence.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await typeInto(field("price"), "0.001");
    await typeInto(field("quantity"), "1001");
    await submit(form);
    await until(() => byRole(view.host, "alert")[0], "the messages");
    expect(errors(view.host)).toEqual([
      "Price can have at most 2 decimals.",
      "Quantity must be a whole number from 0 to 1000.",
      "Please upload at least one audio file.",
    ]);
  });

  it("checks the optional beat details (BPM, key, genre, tags) by the Details tab's rules", async () => {
    const sent = answerFetch(() => new Response(null, { status: 500 }));
    const { view, form, field } = await page();
    await typeInto(field("title"), "Beat");
    await typeInto(field("description"), "A beat");
    await typeInto(field("bpm"), "9000");
    await typeInto(field("genre"), "g".repeat(41));
    await submit(form);
    await until(() => byRole(view.host, "alert")[0], "the messages");
    expect(errors(view.host).sort()).toEqual(
      [BPM_INVALID, DETAIL_TOO_LONG, "Please upload at least one audio file."].sort(),
    );
    expect(form.querySelector('select[name="musicalKey"]')).not.toBeNull();
    expect(field("tags")).not.toBeNull();
    expect(sent).toEqual([]);
  });
});

describe("the store preview beside the form", () => {
  it("shows the title, licence and price as money as they are typed", async () => {
    answerFetch(() => new Response(null, { status: 500 }));
    const { view, form, field } = await page();
    const preview = () => view.host.querySelector("[data-preview]")!;
    expect(preview().textContent).toContain("Untitled product");
    expect(preview().textContent).toContain("Free");
    await typeInto(field("title"), "Night Drive");
    const licence = [...form.querySelectorAll("select")].find((select) => select.name === "licenseType")!;
    await act(async () => {
      licence.value = "exclusive";
      licence.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await typeInto(field("price"), "1250.5");
    expect(preview().querySelector("h3")!.textContent).toBe("Night DrivePrivate");
    expect(preview().textContent).toContain("Exclusive License");
    expect(preview().textContent).toContain("$1,250.50");
  });
});
