// The production card path (Stripe's Card Element through @stripe/react-stripe-js) rendered in a DOM,
// with Stripe.js stood in by an object that keeps its confirmation contract: `confirmCardPayment`
// resolves `{ paymentIntent }` or `{ error: { type, message } }` and rejects when the network fails.
// Only the loader of Stripe's script and the page's fetch are replaced; PaymentForm, DonationForm,
// StripeElements and useStripeConfirm run as they do in production.
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { until } from "../../../../tests/dom/support";
import { PAYMENT_ERROR } from "../../../kernel/schemas/checkout";
import { DONATION_ERROR, DONATION_SUCCESSFUL } from "../../../kernel/schemas/fundraiser";
import { DonationForm } from "../../fundraiser/components/DonationForm";
import { PaymentForm } from "./PaymentForm";

type Confirmation = { paymentIntent?: { id: string; status: string }; error?: { type: string; message?: string } };

const stripe = vi.hoisted(() => {
  const state = {
    publishableKeys: [] as string[],
    confirm: async (_secret: string, _data: unknown): Promise<unknown> => ({}),
    calls: [] as { clientSecret: string; data: any }[],
    mounted: new Map<string, { type: string; mountedOn: Element | null }>(),
  };
  const element = (type: string) => {
    const made = {
      type,
      mountedOn: null as Element | null,
      mount(node: Element) {
        made.mountedOn = node;
        node.setAttribute("data-stripe-element", type);
      },
      on() {},
      off() {},
      update() {},
      destroy() {},
    };
    state.mounted.set(type, made);
    return made;
  };
  const instance = {
    elements: () => ({
      create: (type: string) => element(type),
      getElement: (which: string | { __elementType?: string }) =>
        state.mounted.get(typeof which === "string" ? which : (which.__elementType ?? "")) ?? null,
      update() {},
    }),
    createToken: async () => ({}),
    createPaymentMethod: async () => ({}),
    confirmCardPayment: (clientSecret: string, data: unknown) => {
      state.calls.push({ clientSecret, data });
      return state.confirm(clientSecret, data);
    },
    _registerWrapper() {},
    registerAppInfo() {},
  };
  return { state, instance };
});

// The one seam: the loader that would fetch Stripe's script returns the stand-in instead.
vi.mock("@stripe/stripe-js/pure", () => ({
  loadStripe: async (key: string) => {
    stripe.state.publishableKeys.push(key);
    return stripe.instance;
  },
}));

const payments = { provider: "stripe" as const, publishableKey: "pk_test_card_form" };
let root: Root;
let host: HTMLDivElement;
let requests: { url: string; body: any }[];

function answerFetch(answer: (url: string) => Response) {
  requests = [];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    requests.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
    return answer(url);
  });
}

const json = (body: unknown, status = 201) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

async function render(ui: React.ReactNode) {
  await act(async () => root.render(ui));
  const button = await until(
    () => host.querySelector<HTMLButtonElement>("button[type=submit]:not([disabled])"),
    "the submit button to be enabled (Stripe loaded)",
  );
  return { button, form: host.querySelector("form")! };
}

function type(name: string, value: string) {
  const input = host.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
  input.value = value;
}

async function submit(form: HTMLFormElement) {
  await act(async () => {
    form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
  });
}

const alertText = () => host.querySelector('[role="alert"]')?.textContent ?? null;

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  host = document.createElement("div");
  document.body.appendChild(host);
  root = createRoot(host);
  stripe.state.calls = [];
  stripe.state.mounted.clear();
});

afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

describe("PaymentForm with Stripe's Card Element", () => {
  const started = { orderId: "order-1", number: "CP-TEST", amountCents: 1999, clientSecret: "pi_1_secret_2" };

  it("loads Stripe with the publishable key, mounts the card, confirms with the order's secret and reports the order paid", async () => {
    answerFetch(() => json({ ...started, provider: "stripe", publishableKey: payments.publishableKey }));
    stripe.state.confirm = async () => ({ paymentIntent: { id: "pi_1", status: "succeeded" } });
    const paid: string[] = [];
    const { form } = await render(
      <PaymentForm payments={payments} totalCents={1999} productIds={["p1"]} onPaid={(id) => paid.push(id)} />,
    );
    expect(stripe.state.publishableKeys).toContain("pk_test_card_form");
    expect(host.querySelector('[data-stripe-element="card"]')).not.toBeNull();
    type("nameOnCard", "  Ada Lovelace ");
    await submit(form);
    await until(() => paid.length > 0, "onPaid");

    expect(paid).toEqual(["order-1"]);
    expect(requests).toEqual([{ url: "/api/checkout", body: { productIds: ["p1"] } }]);
    expect(stripe.state.calls).toHaveLength(1);
    expect(stripe.state.calls[0]!.clientSecret).toBe("pi_1_secret_2");
    expect(stripe.state.calls[0]!.data).toEqual({
      payment_method: { card: stripe.state.mounted.get("card"), billing_details: { name: "Ada Lovelace" } },
    });
    expect(alertText()).toBeNull();
  });

  it("shows a card error's message as Stripe wrote it, and pays nothing", async () => {
    answerFetch(() => json(started));
    stripe.state.confirm = async (): Promise<Confirmation> => ({
      error: { type: "card_error", message: "Your card has insufficient funds." },
    });
    const paid: string[] = [];
    const { form, button } = await render(
      <PaymentForm payments={payments} totalCents={1999} productIds={["p1"]} onPaid={(id) => paid.push(id)} />,
    );
    type("nameOnCard", "Ada Lovelace");
    await submit(form);
    await until(() => alertText(), "the error");
    expect(alertText()).toBe("Your card has insufficient funds.");
    expect(paid).toEqual([]);
    // The buyer can correct the card and try again.
    await until(() => !button.disabled, "Pay to be enabled again");
  });

  it("says 'An error occurred during payment.' when the confirmation cannot reach Stripe", async () => {
    answerFetch(() => json(started));
    stripe.state.confirm = async () => {
      throw new TypeError("Failed to fetch");
    };
    const paid: string[] = [];
    const { form } = await render(
      <PaymentForm payments={payments} totalCents={1999} productIds={["p1"]} onPaid={(id) => paid.push(id)} />,
    );
    type("nameOnCard", "Ada Lovelace");
    await submit(form);
    await until(() => alertText(), "the error");
    expect(alertText()).toBe(PAYMENT_ERROR);
    expect(alertText()).toBe("An error occurred during payment.");
    expect(paid).toEqual([]);
  });

  it("says 'An error occurred during payment.' for an error Stripe gives without a message", async () => {
    answerFetch(() => json(started));
    stripe.state.confirm = async (): Promise<Confirmation> => ({ error: { type: "api_connection_error" } });
    const { form } = await render(
      <PaymentForm payments={payments} totalCents={1999} productIds={["p1"]} onPaid={() => {}} />,
    );
    type("nameOnCard", "Ada Lovelace");
    await submit(form);
    await until(() => alertText(), "the error");
    expect(alertText()).toBe("An error occurred during payment.");
  });
});

/** Chooses the $25 chip, which opens the donation's details (e-mail, message, card). */
async function chooseAmount() {
  await act(async () => host.querySelector<HTMLInputElement>('input[name="preset"][value="25"]')!.click());
}

describe("DonationForm with Stripe's Card Element", () => {
  const share = { url: "https://creatorplatform.test/fundraiser", text: "The fundraiser" };
  const started = { donationId: "d1", clientSecret: "pi_9_secret_8", amountCents: 2500 };

  it("leads with the amounts and 'Donate': a submit before an amount opens the details, starting nothing", async () => {
    answerFetch(() => json(started));
    const { form } = await render(
      <DonationForm payments={payments} email="fan@example.com" share={share} onDonated={() => {}} />,
    );
    const details = () => host.querySelector<HTMLInputElement>('[name="email"]')!.closest<HTMLElement>("[hidden]");
    expect(details()).not.toBeNull();
    await submit(form);
    expect(details()).toBeNull();
    expect(requests).toHaveLength(0);
  });

  it("opens the details when an amount is chosen", async () => {
    await render(<DonationForm payments={payments} email="fan@example.com" share={share} onDonated={() => {}} />);
    await chooseAmount();
    expect(host.querySelector('[name="email"]')!.closest("[hidden]")).toBeNull();
  });

  it("confirms the donation's intent with the card and says 'Donation successful!'", async () => {
    answerFetch(() => json(started));
    stripe.state.confirm = async () => ({ paymentIntent: { id: "pi_9", status: "succeeded" } });
    let donated = 0;
    const { form } = await render(
      <DonationForm payments={payments} email="fan@example.com" share={share} onDonated={() => donated++} />,
    );
    await chooseAmount();
    type("nameOnCard", "Grace Hopper");
    await submit(form);
    await until(() => donated > 0, "onDonated");
    expect(requests[0]!.url).toBe("/api/fundraiser/donations");
    expect(requests[0]!.body).toMatchObject({ preset: "25", email: "fan@example.com", nameOnCard: "Grace Hopper" });
    expect(stripe.state.calls[0]).toMatchObject({
      clientSecret: "pi_9_secret_8",
      data: { payment_method: { billing_details: { name: "Grace Hopper" } } },
    });
    expect(host.querySelector('[role="status"]')?.textContent).toContain(DONATION_SUCCESSFUL);
    expect(alertText()).toBeNull();
    // A receipt in the form's place.
    expect(host.querySelector("form.donation-form")).toBeNull();
    expect(host.textContent).toContain("Give again");
  });

  it("shows a card error as-is, and 'An error occurred while processing the donation.' when the network fails", async () => {
    answerFetch(() => json(started));
    stripe.state.confirm = async (): Promise<Confirmation> => ({
      error: { type: "card_error", message: "Your card was declined." },
    });
    let donated = 0;
    const { form } = await render(
      <DonationForm payments={payments} email="fan@example.com" share={share} onDonated={() => donated++} />,
    );
    await chooseAmount();
    type("nameOnCard", "Grace Hopper");
    await submit(form);
    await until(() => alertText(), "the card error");
    expect(alertText()).toBe("Your card was declined.");

    stripe.state.confirm = async () => {
      throw new TypeError("Failed to fetch");
    };
    await until(() => host.querySelector<HTMLButtonElement>("button[type=submit]:not([disabled])"), "Donate again");
    await submit(form);
    await until(() => alertText() === DONATION_ERROR, "the network error");
    expect(alertText()).toBe("An error occurred while processing the donation.");
    expect(donated).toBe(0);
  });
});
