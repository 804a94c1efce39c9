// Issue 46 §4: every form's errors sit beside their fields. Each kind of form gets its messages by
// field: the control is marked invalid and described by its message, the summary on top keeps the
// seed's list (its items link to the fields), and a field's message leaves when that field changes.
import type { ReactNode } from "react";
import { act } from "react";
import { createRoutesStub, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { answerFetch, mount, submit, typeInto, until } from "../../tests/dom/support";
import Settings from "../features/accounts/pages/settings";
import Signup from "../features/accounts/pages/sign-up";
import MemberItemEntry from "../features/auction/pages/member-item-entry";
import Community from "../features/community/pages/early-risers";
import Sign from "../features/signing/pages/sign-document";
import DigiStore from "../features/store/pages/create-product";
import { PHONE_INVALID, ZIP_INVALID } from "../kernel/schemas/shipping";
import { CONSENT_REQUIRED, FULL_NAME_REQUIRED } from "../kernel/schemas/signing";

type Props = { loaderData?: unknown; actionData?: unknown };
const invalid = (fields: Record<string, string[]>) => ({
  error: { code: "invalid", message: Object.values(fields)[0]![0]!, fields },
});

/** A page component with the given loader and action data, at `path`, under a signed-in root. */
async function page(Page: unknown, props: Props, path = "/page") {
  const Component = Page as (props: Props) => ReactNode;
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ user: { id: "u1", name: "Ada" } }),
      Component: () => <Outlet />,
      HydrateFallback: () => null,
      children: [{ path: path.slice(1), Component: () => <Component {...props} /> }],
    },
  ]);
  const view = await mount(<Stub initialEntries={[path]} />);
  await until(() => view.host.querySelector("form"), "the form");
  return view.host;
}

const control = (host: Element, name: string) =>
  host.querySelector<HTMLInputElement>(`form [name="${name}"]:not([type="hidden"])`)!;
const summary = (host: Element) => host.querySelector(".form-errors")?.textContent ?? "";

/** The message is the control's own: it is invalid, described by the message, and the summary links to it. */
function expectBeside(host: Element, name: string, message: string) {
  const input = control(host, name);
  expect(input.getAttribute("aria-invalid")).toBe("true");
  const described = (input.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  expect(described.map((id) => host.ownerDocument.getElementById(id)?.textContent)).toContain(message);
  const link = [...host.querySelectorAll<HTMLAnchorElement>(".form-errors a")].find((a) => a.textContent === message);
  expect(link?.getAttribute("href")).toBe(`#${input.id}`);
}

function expectCleared(host: Element, name: string, message: string) {
  const input = control(host, name);
  expect(input.getAttribute("aria-invalid")).toBeNull();
  expect(host.textContent).not.toContain(message);
}

describe("errors beside their fields", () => {
  it("product create: the browser's check marks each field, and typing clears it", async () => {
    answerFetch(() => new Response(null, { status: 500 }));
    const host = await page(DigiStore, { loaderData: { userId: "u1" } });
    await submit(host.querySelector("form")!);
    await until(() => host.querySelector(".form-errors"), "the messages");
    expect(host.querySelector(".form-errors h2")!.textContent).toBe("Validation errors");
    expectBeside(host, "title", "Title is required.");
    expectBeside(host, "description", "Description is required.");
    expect(host.textContent).toContain("Please upload at least one audio file.");
    await typeInto(control(host, "title"), "Beat");
    expectCleared(host, "title", "Title is required.");
    expectBeside(host, "description", "Description is required.");
  });

  it("auction item entry: the server's messages sit at the item's fields", async () => {
    const host = await page(
      MemberItemEntry,
      { actionData: { ...invalid({ title: ["Title is required."], price: ["Enter an amount."] }), values: {} } },
      "/memBid",
    );
    expect(host.querySelector(".form-errors h2")!.textContent).toBe("Validation errors");
    expectBeside(host, "title", "Title is required.");
    expectBeside(host, "price", "Enter an amount.");
    await typeInto(control(host, "price"), "12");
    expectCleared(host, "price", "Enter an amount.");
    expectBeside(host, "title", "Title is required.");
  });

  it("sign-up: each registration field keeps its own message", async () => {
    const host = await page(
      Signup,
      {
        loaderData: {},
        actionData: invalid({ username: ["User Name is taken."], passwordA: ["Passwords do not match."] }),
      },
      "/signup",
    );
    expectBeside(host, "username", "User Name is taken.");
    expectBeside(host, "passwordA", "Passwords do not match.");
    await typeInto(control(host, "passwordA"), "secret-again");
    expectCleared(host, "passwordA", "Passwords do not match.");
    expect(summary(host)).toContain("User Name is taken.");
  });

  it("community: name and e-mail messages beside the fields", async () => {
    const host = await page(
      Community,
      { loaderData: { startedAt: "0" }, actionData: invalid({ email: ["Enter a valid e-mail address."] }) },
      "/community",
    );
    expectBeside(host, "email", "Enter a valid e-mail address.");
    await typeInto(control(host, "email"), "ada@example.com");
    expectCleared(host, "email", "Enter a valid e-mail address.");
    // The only message went with its field: no empty summary is left.
    expect(host.querySelector(".form-errors")).toBeNull();
  });

  it("settings: the shipping address's messages sit at phone and ZIP", async () => {
    const host = await page(
      Settings,
      {
        loaderData: { theme: { accentColor: "#FFF", fontPercentage: 100, isDarkMode: false }, shipping: [] },
        actionData: { intent: "shipping", ...invalid({ phone: [PHONE_INVALID], zipCode: [ZIP_INVALID] }), values: {} },
      },
      "/settings",
    );
    await until(() => control(host, "phone"), "the shipping form");
    expect(summary(host)).toContain("Validation errors");
    expectBeside(host, "phone", PHONE_INVALID);
    expectBeside(host, "zipCode", ZIP_INVALID);
    await typeInto(control(host, "zipCode"), "10001");
    expectCleared(host, "zipCode", ZIP_INVALID);
    expectBeside(host, "phone", PHONE_INVALID);
  });

  it("settings: the appearance form's font size message sits at the field", async () => {
    const host = await page(
      Settings,
      {
        loaderData: { theme: { accentColor: "#FFF", fontPercentage: 100, isDarkMode: false }, shipping: [] },
        actionData: { intent: "theme", ...invalid({ fontPercentage: ["Font size must be 75 to 150."] }) },
      },
      "/settings",
    );
    expectBeside(host, "fontPercentage", "Font size must be 75 to 150.");
    await typeInto(control(host, "fontPercentage"), "110");
    expectCleared(host, "fontPercentage", "Font size must be 75 to 150.");
  });

  it("signing: full name and consent are marked, and each clears on its own change", async () => {
    const view = {
      title: "Contract",
      requesterName: "Ada",
      email: "bob@example.com",
      pageCount: 1,
      state: "open",
      documentUrl: "/doc.pdf",
      expiresAt: "2030-01-01T00:00:00Z",
      signedUrl: null,
      verifyUrl: null,
      signedAt: null,
    };
    const host = await page(
      Sign,
      { loaderData: { view }, actionData: invalid({ fullName: [FULL_NAME_REQUIRED], consent: [CONSENT_REQUIRED] }) },
      "/sign/t",
    );
    expect(host.querySelector(".form-errors h2")!.textContent).toBe("Not signed yet");
    expectBeside(host, "fullName", FULL_NAME_REQUIRED);
    expectBeside(host, "consent", CONSENT_REQUIRED);
    await act(async () => control(host, "consent").click());
    expectCleared(host, "consent", CONSENT_REQUIRED);
    expectBeside(host, "fullName", FULL_NAME_REQUIRED);
    await typeInto(control(host, "fullName"), "Bob Signer");
    expectCleared(host, "fullName", FULL_NAME_REQUIRED);
  });
});
