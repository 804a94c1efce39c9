// Issue 46 §4: every form's errors sit beside their fields. Each kind of form gets its messages by
// field: the control is marked invalid and described by its message, the summary on top keeps the
// seed's list (its items link to the fields), and a field's message leaves when that field changes.
import type { ReactNode } from "react";
import { act } from "react";
import { createRoutesStub, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { answerFetch, chooseFiles, mount, submit, typeInto, until } from "../../tests/dom/support";
import Settings from "../features/accounts/pages/settings";
import Signup from "../features/accounts/pages/sign-up";
import { CreateBidForm } from "../features/auction/components/CreateBidForm";
import { GalleryMemberItemForm } from "../features/auction/components/GalleryMemberItemForm";
import { OfferForm } from "../features/auction/components/OfferForm";
import type { GalleryItem } from "../features/auction/pages/gallery.server";
import MemberItemEntry from "../features/auction/pages/member-item-entry";
import { BeatBattleForm } from "../features/community/components/BeatBattleForm";
import Community from "../features/community/pages/early-risers";
import { SlotForm } from "../features/projects/files/FileActions";
import { FileNotes } from "../features/projects/files/FileNotes";
import type { FileData } from "../features/projects/files/types";
import Sign from "../features/signing/pages/sign-document";
import DigiStore from "../features/store/pages/create-product";
import { ALL_FIELDS_REQUIRED, SIGNUP_FIELD_EMPTY } from "../kernel/schemas/accounts";
import {
  ITEM_NEEDS_TITLE_PRICE_FILE,
  MEMBER_ITEM_NEEDS_TITLE_AMOUNT,
  NO_VALID_ITEMS,
  OFFER_TOO_LOW,
} from "../kernel/schemas/auction-messages";
import {
  AUDIO_REQUIRED,
  COVER_REQUIRED,
  PRODUCER_NAME_REQUIRED,
  PROJECT_TITLE_REQUIRED,
} from "../kernel/schemas/beatbattle-messages";
import { NOTE_EMPTY, NOTE_TOO_LONG } from "../kernel/schemas/files";
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

/** What an element's aria-describedby points at. */
const descriptions = (element: Element) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => element.ownerDocument.getElementById(id)?.textContent);

/**
 * The message is the control's own: it is invalid, described by the message, and the summary links
 * to it (`summary: false` for a short form, which has none).
 */
function expectBeside(host: Element, name: string, message: string, { summary = true } = {}) {
  const input = control(host, name);
  expect(input.getAttribute("aria-invalid")).toBe("true");
  expect(descriptions(input)).toContain(message);
  if (!summary) return;
  const link = [...host.querySelectorAll<HTMLAnchorElement>(".form-errors a")].find((a) => a.textContent === message);
  expect(link?.getAttribute("href")).toBe(`#${input.id}`);
}

function expectCleared(host: Element, name: string, message: string) {
  const input = control(host, name);
  expect(input.getAttribute("aria-invalid")).toBeNull();
  expect(host.textContent).not.toContain(message);
}

/** A component under a stub route whose action answers `answer` (a fetcher's or a form's post). */
async function withAction(ui: ReactNode, answer: unknown = null) {
  const Stub = createRoutesStub([{ path: "/page", action: () => answer, Component: () => ui }]);
  const view = await mount(<Stub initialEntries={["/page"]} />);
  await until(() => view.host.querySelector("form"), "the form");
  return view.host;
}

/** How many times `text` is on the page. */
const times = (host: Element, text: string) => (host.textContent ?? "").split(text).length - 1;

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

  it("sign-up, empty: each field says what it wants, the summary keeps the seed's one line", async () => {
    const fields = Object.fromEntries(Object.entries(SIGNUP_FIELD_EMPTY).map(([name, message]) => [name, [message]]));
    const host = await page(
      Signup,
      { loaderData: {}, actionData: { error: { code: "invalid", message: ALL_FIELDS_REQUIRED, fields } } },
      "/signup",
    );
    for (const [name, message] of Object.entries(SIGNUP_FIELD_EMPTY)) expectBeside(host, name, message);
    expect(times(host, ALL_FIELDS_REQUIRED)).toBe(1);
    expect(summary(host)).toContain(ALL_FIELDS_REQUIRED);
    for (const name of Object.keys(SIGNUP_FIELD_EMPTY)) await typeInto(control(host, name), "x");
    // Every empty field is filled: the headline goes with them.
    expect(host.querySelector(".form-errors")).toBeNull();
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
    // The size is a select of the allowed steps now: choosing one is the change that clears it.
    const size = control(host, "fontPercentage") as unknown as HTMLSelectElement;
    expect(size.tagName).toBe("SELECT");
    await act(async () => {
      size.value = "110";
      size.dispatchEvent(new Event("change", { bubbles: true }));
    });
    expectCleared(host, "fontPercentage", "Font size must be 75 to 150.");
  });

  it("settings: with no accent chosen the brand's purple is ticked, not White; a chosen White is White", async () => {
    const accent = async (accentColor: string) => {
      const host = await page(
        Settings,
        { loaderData: { theme: { accentColor, fontPercentage: 100, isDarkMode: false }, shipping: [] } },
        "/settings",
      );
      const radios = [...host.querySelectorAll<HTMLInputElement>('input[name="accentColor"]')];
      const name = (radio: HTMLInputElement) => radio.closest("label")!.textContent;
      expect(name(radios[0]!)).toBe("Purple");
      expect(radios[0]!.value).toBe("#FFF");
      return radios.filter((radio) => radio.checked).map(name);
    };
    expect(await accent("#FFF")).toEqual(["Purple"]);
    expect(await accent("#ffffff")).toEqual(["White"]);
    expect(await accent("#0047AB")).toEqual(["Cobalt"]);
  });

  it("settings: a saved address is shown as an address, with the form behind 'Add an address'", async () => {
    const address = {
      id: "a1",
      recipientName: "Ada Lovelace",
      phone: "5551234567",
      streetAddress: "1 Main St",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
      country: "USA",
      neighborhood: "",
      landmark: "",
    };
    const host = await page(
      Settings,
      {
        loaderData: { theme: { accentColor: "#FF6900", fontPercentage: 100, isDarkMode: false }, shipping: [address] },
      },
      "/settings",
    );
    await until(() => host.querySelector("address"), "the saved address");
    expect(host.querySelector("address")!.textContent).toContain("1 Main St");
    const details = host.querySelector("details")!;
    expect(details.open).toBe(false);
    expect(details.querySelector("summary")!.textContent).toBe("Add an address");
    // Each swatch has a name, and the saved colour is the checked radio.
    const orange = host.querySelector<HTMLInputElement>('input[name="accentColor"][value="#FF6900"]')!;
    expect(orange.checked).toBe(true);
    expect(orange.closest("label")!.textContent).toBe("Orange");
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

  it("beat battle entry: each field and each file group keeps its message, with the summary on top", async () => {
    const battle = { id: "b1", title: "Battle", deadline: "2099-12-31T23:00:00.000Z", prize: "", open: true };
    const host = await withAction(<BeatBattleForm battle={battle as never} signedIn />);
    await submit(host.querySelector("form")!);
    await until(() => host.querySelector(".form-errors"), "the messages");
    // The summary comes first in the form, before the fields.
    const form = host.querySelector("form")!;
    expect(form.querySelector(".form-errors + *, .form-errors ~ .pair")).not.toBeNull();
    expect(host.querySelector(".form-errors h2")!.textContent).toBe("Validation errors");
    expectBeside(host, "projectTitle", PROJECT_TITLE_REQUIRED);
    expectBeside(host, "producerName", PRODUCER_NAME_REQUIRED);
    const audio = host.querySelector("#beat-audio")!;
    const cover = host.querySelector("#beat-cover")!;
    expect(descriptions(audio)).toEqual([AUDIO_REQUIRED]);
    expect(descriptions(cover)).toEqual([COVER_REQUIRED]);
    expect(summary(host)).toContain(AUDIO_REQUIRED);

    await typeInto(control(host, "projectTitle"), "Night Drive");
    expectCleared(host, "projectTitle", PROJECT_TITLE_REQUIRED);
    expectBeside(host, "producerName", PRODUCER_NAME_REQUIRED);
    const [audioInput] = host.querySelectorAll<HTMLInputElement>('input[type="file"]');
    await chooseFiles(audioInput!, [new File(["ID3"], "night.mp3", { type: "audio/mpeg" })]);
    await until(() => !host.textContent?.includes(AUDIO_REQUIRED), "the audio message to leave");
    expect(audio.getAttribute("aria-describedby")).toBeNull();
    expect(descriptions(cover)).toEqual([COVER_REQUIRED]);
  });

  it("create bid: an item's message sits at its fields, once, and moves as they are filled", async () => {
    const host = await withAction(<CreateBidForm />);
    await submit(host.querySelector("form")!);
    await until(() => host.textContent?.includes(NO_VALID_ITEMS), "the answer");
    const block = host.querySelector("fieldset.bid-block")!;
    // Title, price and file are all missing: the seed's one message, shown once, describes all three.
    expect(times(block, ITEM_NEEDS_TITLE_PRICE_FILE)).toBe(1);
    expectBeside(host, "title", ITEM_NEEDS_TITLE_PRICE_FILE, { summary: false });
    expectBeside(host, "price", ITEM_NEEDS_TITLE_PRICE_FILE, { summary: false });
    expect(descriptions(block.querySelector('[id$="-files"]')!)).toEqual([ITEM_NEEDS_TITLE_PRICE_FILE]);
    expect(control(host, "description").getAttribute("aria-invalid")).toBeNull();

    await typeInto(control(host, "title"), "Signed poster");
    expect(control(host, "title").getAttribute("aria-invalid")).toBeNull();
    expect(times(block, ITEM_NEEDS_TITLE_PRICE_FILE)).toBe(1);
    expectBeside(host, "price", ITEM_NEEDS_TITLE_PRICE_FILE, { summary: false });
    expect(descriptions(control(host, "price"))).toContain(ITEM_NEEDS_TITLE_PRICE_FILE);
  });

  it("offer: a refused amount's message sits under the amount and leaves when it changes", async () => {
    const item = { shortCode: "ABC123", title: "Poster", priceCents: 1000 } as GalleryItem;
    const refused = {
      intent: "offer",
      code: "ABC123",
      error: { code: "invalid", message: OFFER_TOO_LOW, fields: { amount: [OFFER_TOO_LOW] } },
    };
    const host = await withAction(
      <OfferForm item={item} onAnswer={() => {}} member={{ hasAddress: true }} initialAmount="" standing={null} />,
      refused,
    );
    await typeInto(control(host, "amount"), "1");
    await submit(host.querySelector("form")!);
    await until(() => host.textContent?.includes(OFFER_TOO_LOW), "the answer");
    expectBeside(host, "amount", OFFER_TOO_LOW, { summary: false });
    expect(times(host, OFFER_TOO_LOW)).toBe(1);
    await typeInto(control(host, "amount"), "15");
    expectCleared(host, "amount", OFFER_TOO_LOW);
  });

  it("gallery member item: the server's messages sit at title and amount, with no copy under the form", async () => {
    const refused = {
      intent: "member-item",
      error: {
        code: "invalid",
        message: MEMBER_ITEM_NEEDS_TITLE_AMOUNT,
        fields: { title: [MEMBER_ITEM_NEEDS_TITLE_AMOUNT], price: [MEMBER_ITEM_NEEDS_TITLE_AMOUNT] },
      },
    };
    const host = await withAction(<GalleryMemberItemForm />, refused);
    await submit(host.querySelector("form")!);
    await until(() => control(host, "title").getAttribute("aria-invalid"), "the answer");
    expectBeside(host, "title", MEMBER_ITEM_NEEDS_TITLE_AMOUNT, { summary: false });
    expectBeside(host, "price", MEMBER_ITEM_NEEDS_TITLE_AMOUNT, { summary: false });
    expect(times(host, MEMBER_ITEM_NEEDS_TITLE_AMOUNT)).toBe(2);
    await typeInto(control(host, "price"), "20");
    expect(control(host, "price").getAttribute("aria-invalid")).toBeNull();
    expectBeside(host, "title", MEMBER_ITEM_NEEDS_TITLE_AMOUNT, { summary: false });
  });

  it("file notes: an empty note and a refused one are told under the field", async () => {
    const refused = {
      intent: "add-note",
      error: { code: "invalid", message: NOTE_TOO_LONG, fields: { note: [NOTE_TOO_LONG] } },
    };
    const host = await withAction(<FileNotes notes={[]} canEdit embedded />, refused);
    await submit(host.querySelector("form")!);
    expectBeside(host, "note", NOTE_EMPTY, { summary: false });
    await typeInto(control(host, "note"), "x");
    expectCleared(host, "note", NOTE_EMPTY);

    await submit(host.querySelector("form")!);
    await until(() => host.textContent?.includes(NOTE_TOO_LONG), "the server's answer");
    expectBeside(host, "note", NOTE_TOO_LONG, { summary: false });
    // Beside the field only, not again in the panel's feedback line.
    expect(times(host, NOTE_TOO_LONG)).toBe(1);
    await typeInto(control(host, "note"), "shorter");
    expectCleared(host, "note", NOTE_TOO_LONG);
  });

  it("slot position: the server's message for the letter sits under it", async () => {
    const message = "Slot position must be one letter, a to z.";
    const refused = { intent: "slot", error: { code: "invalid", message, fields: { slotPosition: [message] } } };
    const host = await withAction(<SlotForm file={{ slotPosition: null } as FileData} onMessage={() => {}} />, refused);
    await typeInto(control(host, "slotPosition"), "1");
    await submit(host.querySelector("form")!);
    await until(() => host.textContent?.includes(message), "the answer");
    expectBeside(host, "slotPosition", message, { summary: false });
    await typeInto(control(host, "slotPosition"), "b");
    expectCleared(host, "slotPosition", message);
  });
});
