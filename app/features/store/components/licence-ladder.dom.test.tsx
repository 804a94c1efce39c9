// The buyer's side of issue 45 items 4, 7 and 8: the licences as a ladder in rising price (the
// cheapest chosen, each card marking what it adds, the product's own licence under its name with its
// files); 'Add to Cart' on a beat in the cart or bought already answers 'In your cart' / 'You own
// this', never a red failure; the pay step's 'Use test card' types the test card in.
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { answerFetch, button, click, json, mount, until } from "../../../../tests/dom/support";
import { TestCardFields, TestModeBanner } from "../checkout/TestCardFields";
import { AddToCart } from "./Storefront";
import { TierPicker, tierOptions } from "./TierPicker";
import { useAddToCart } from "./useAddToCart";

const terms = (copies: number | null) => ({
  distributionCopies: copies,
  audioStreams: copies === null ? null : copies * 50,
  musicVideos: 1,
  radioStations: 0,
  creditLine: "Prod. by {producer}",
});
const beat = {
  licenseType: "non-exclusive" as const,
  priceCents: 14_900,
  files: [{ fileName: "late night.wav" }],
  tiers: [
    {
      id: "wav",
      template: "wav-lease",
      name: "WAV Lease",
      priceCents: 4999,
      exclusive: false,
      formats: ["mp3", "wav"],
      terms: terms(5000),
    },
    {
      id: "mp3",
      template: "mp3-lease",
      name: "MP3 Lease",
      priceCents: 2999,
      exclusive: false,
      formats: ["mp3"],
      terms: terms(2000),
    },
  ],
} as unknown as Parameters<typeof tierOptions>[0];

describe("the licence ladder", () => {
  it("lists every licence in rising price, the product's own by its name and files, each marking what it adds", async () => {
    const options = tierOptions(beat, "producer");
    expect(options.map((option) => [option.name, option.priceCents])).toEqual([
      ["MP3 Lease", 2999],
      ["WAV Lease", 4999],
      ["Non-Exclusive License", 14_900],
    ]);
    const view = await mount(<TierPicker options={options} chosen={options[0]!.id} onChoose={() => {}} free={false} />);
    const cards = [...view.host.querySelectorAll("label")];
    expect(cards.map((card) => card.querySelector("input")!.checked)).toEqual([true, false, false]);
    const adds = (card: Element) => [...card.querySelectorAll("li")].filter((li) => li.textContent!.startsWith("+"));
    expect(adds(cards[0]!)).toEqual([]);
    expect(adds(cards[1]!).map((li) => li.textContent)).toContain("+Adds: MP3 files + WAV files");
    // Only what gives more: the own licence's WAV files are no more than the WAV Lease's MP3 + WAV.
    expect(adds(cards[2]!).map((li) => li.textContent)).toEqual([
      "+Adds: Unlimited copies",
      "+Adds: Unlimited streams",
      "+Adds: Unlimited music videos",
      "+Adds: Live performances",
    ]);
    expect(cards[2]!.textContent).toContain("WAV files");
    expect(cards[2]!.textContent).toContain("Unlimited streams");
    expect(cards[2]!.textContent).not.toContain("the beat's audio files");
  });
});

function Buy({ held = null }: { held?: "in_cart" | "owned" | null }) {
  const cart = useAddToCart(true, "u1");
  return <AddToCart product={{ id: "beat-1", title: "Late Night" }} cart={cart} held={held} />;
}

async function store(held: "in_cart" | "owned" | null = null) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <Buy held={held} />, loader: () => null }]);
  const view = await mount(<Stub initialEntries={["/"]} />);
  await until(() => view.host.querySelector("button, p"), "the buy box");
  return view;
}

describe("'Add to Cart' on a beat already held", () => {
  it("says 'In your cart' with the way to the cart when the server answers in_cart, not a failure", async () => {
    answerFetch(() => json({ message: "This product is already in your cart.", state: "in_cart" }));
    const view = await store();
    await click(button(view.host, /Add to Cart/));
    await until(() => view.host.textContent?.includes("In your cart"), "In your cart");
    expect(view.host.querySelector('a[href="/checkOut/u1"]')?.textContent).toBe("View cart");
    expect(view.host.textContent).not.toContain("Failed to add product to cart");
  });

  it("says 'You own this' with a link to Purchases when the server answers owned, and offers no button", async () => {
    answerFetch(() => json({ message: "You own this.", state: "owned" }));
    const view = await store();
    await click(button(view.host, /Add to Cart/));
    await until(() => view.host.textContent?.includes("You own this"), "You own this");
    expect(view.host.querySelector('a[href="/purchases"]')).not.toBeNull();
    expect(view.host.querySelector("button")).toBeNull();
  });

  it("shows the server's state from the page in place of the button", async () => {
    answerFetch(() => json({}));
    const inCart = await store("in_cart");
    expect(inCart.host.textContent).toContain("In your cart");
    expect(inCart.host.querySelector("button")).toBeNull();
    const owned = await store("owned");
    expect(owned.host.textContent).toContain("You own this");
  });
});

describe("the pay step's test card", () => {
  it("shows formats as placeholders, and 'Use test card' types the card that succeeds", async () => {
    const view = await mount(
      <form>
        <TestModeBanner />
        <input name="nameOnCard" aria-label="Name on card" />
        <TestCardFields />
      </form>,
    );
    const field = (name: string) => view.host.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
    expect([field("cardNumber").placeholder, field("cardExpiry").placeholder, field("cardCvc").placeholder]).toEqual([
      "1234 1234 1234 1234",
      "MM / YY",
      "CVC",
    ]);
    expect(field("cardNumber").value).toBe("");
    await click(button(view.host, "Use test card"));
    expect([field("cardNumber").value, field("cardExpiry").value, field("cardCvc").value]).toEqual([
      "4242 4242 4242 4242",
      "12 / 34",
      "123",
    ]);
  });
});
