// Page actions when the database fails under them (seed 000 §8, 001 §8): each answers 500 with the
// seed's message for that action, which the page shows beside the form, and never a stack.
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, signUp } from "../../tests/workers/http";
import { database } from "../../worker/db/client";
import { shippingAddresses } from "../../worker/db/schema";
import { makeDeps } from "../../worker/domain/deps";
import { requestContext } from "../../worker/request-context";
import { action as settingsAction, loader as settingsLoader } from "../features/accounts/pages/settings";
import { action as galleryAction } from "../features/auction/pages/gallery.server";
import { action } from "../features/projects/pages/file-view.server";
import {
  MAX_ADDRESSES,
  SHIPPING_LOAD_FAILED,
  SHIPPING_SAVE_ERROR,
  SHIPPING_SAVE_FAILED,
} from "../kernel/schemas/shipping";

/** D1 as it answers while unavailable: every query fails. */
const failingDb = new Proxy(
  {},
  {
    get: () => () => {
      throw new Error("D1_ERROR: Network connection lost.");
    },
  },
);

function contextWithFailingD1() {
  const context = new RouterContextProvider();
  const deps = { ...makeDeps(env, "http://localhost"), db: failingDb as never };
  context.set(requestContext, {
    env,
    ctx: { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext,
    deps,
    user: { id: crypto.randomUUID(), name: "Owner", username: "owner", email: "owner@example.com", role: "user" },
    member: Promise.resolve({ cartCount: 0 }),
    caller: { ip: "127.0.0.1" } as never,
  });
  return context;
}

async function post(
  fields: Record<string, string>,
  run: typeof action | typeof galleryAction | typeof settingsAction = action,
) {
  const request = new Request("http://localhost/bigfile/f1", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  const answer = (await (run as typeof action)({
    request,
    params: { fileId: "f1" },
    context: contextWithFailingD1(),
  } as never)) as { data: { intent: string; error?: { message: string } }; init: ResponseInit | null };
  return answer;
}

afterEach(() => vi.restoreAllMocks());

describe("file view actions while D1 fails", () => {
  it.each([
    [{ intent: "add-note", note: "Check the levels" }, "An error occurred while adding the note"],
    [{ intent: "delete-note", noteId: "n1" }, "An error occurred while deleting the note"],
    [{ intent: "slot", slotPosition: "c" }, "An error occurred while updating slot position"],
  ])("%o answers '%s'", async (fields, message) => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const answer = await post(fields);
    expect(answer.init?.status).toBe(500);
    expect(answer.data.intent).toBe(fields.intent);
    expect(answer.data.error?.message).toBe(message);
    expect(JSON.stringify(answer.data)).not.toContain("D1_ERROR");
    expect(logged).toHaveBeenCalled();
  });
});

describe("the bid gallery's offer while D1 fails", () => {
  it("answers 'An error occurred submitting your offer.'", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const answer = await post({ intent: "offer", code: "AB12", amount: "25" }, galleryAction);
    expect(answer.init?.status).toBe(500);
    expect(answer.data).toMatchObject({ intent: "offer", code: "AB12" });
    expect(answer.data.error?.message).toBe("An error occurred submitting your offer.");
  });
});

const address = {
  recipientName: "Ada Lovelace",
  phone: "+1 555 0100",
  streetAddress: "12 Compiler Rd",
  city: "Arlington",
  state: "VA",
  zipCode: "22201",
  country: "USA",
};

describe("settings' shipping addresses when things fail", () => {
  it("still opens the page without the list ('Error loading shipping info.') when D1 fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const request = new Request("http://localhost/settings");
    const loaded = (await settingsLoader({ request, params: {}, context: contextWithFailingD1() } as never)) as {
      shipping: unknown;
    };
    expect(loaded.shipping).toBeNull();
    // The page renders SHIPPING_LOAD_FAILED for a null list (app/features/accounts/pages/settings.tsx).
    expect(SHIPPING_LOAD_FAILED).toBe("Error loading shipping info.");
  });

  it("answers 'Error saving address.' (500) when saving fails in D1", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const answer = await post({ intent: "shipping", ...address }, settingsAction);
    expect(answer.init?.status).toBe(500);
    expect(answer.data.error?.message).toBe(SHIPPING_SAVE_ERROR);
    expect(SHIPPING_SAVE_ERROR).toBe("Error saving address.");
  });

  it("heads a refused save with 'Failed to save address.' on the page (no JavaScript needed)", async () => {
    const member = await signUp();
    const db = database(env.DB);
    // One row a statement: D1 takes at most 100 bound values in one.
    const [first, ...rest] = Array.from({ length: MAX_ADDRESSES }, () =>
      db.insert(shippingAddresses).values({ id: crypto.randomUUID(), userId: member.user.id, ...address }),
    );
    await db.batch([first!, ...rest]);
    const page = await call("/settings", {
      cookie: member.cookie,
      body: new URLSearchParams({ intent: "shipping", ...address }),
    });
    const html = await page.text();
    expect(html).toContain(SHIPPING_SAVE_FAILED);
    expect(html).toContain("Failed to save address.");
    expect(html).toContain(`You can keep at most ${MAX_ADDRESSES} addresses.`);
  });
});
