// Forms that take card data or an e-mail never fall back to GET (ADR 037): they post to the route,
// their submit button is disabled until the page's script runs, and a post that arrives without the
// script (pressed early, or scripts off) charges nothing and says why.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../../../../tests/workers/http";
import { html } from "../../../../tests/workers/pages";
import { quickMember } from "../../../../tests/workers/store";
import { database } from "../../../../worker/db/client";
import { donations } from "../../../../worker/db/schema";
import { CARD_NEEDS_SCRIPT } from "../../../kernel/schemas/checkout";

// The first page of a file compiles the app's server build: not what these tests are about.
beforeAll(async () => {
  await call("/contact");
}, 60_000);

/** The opening `<form …>` tag holding `marker`, and the submit button's opening tag inside it. */
function formAround(page: string, marker: string) {
  const start = page.lastIndexOf("<form", page.indexOf(marker));
  const end = page.indexOf("</form>", start);
  const form = page.slice(start, end);
  return { tag: form.slice(0, form.indexOf(">") + 1), submit: form.match(/<button[^>]*type="submit"[^>]*>/)?.[0] };
}

describe("the donation form", () => {
  it("posts (never GET) and keeps Donate disabled until hydrated", async () => {
    const page = await html(await call("/fundraiser"));
    const { tag, submit } = formAround(page, 'name="cardNumber"');
    expect(tag).toMatch(/method="post"/);
    expect(submit).toMatch(/\bdisabled=""/);
    expect(page).toContain(CARD_NEEDS_SCRIPT); // in <noscript>
  });

  it("answers a scriptless post with a message and charges nothing", async () => {
    const before = await database(env.DB).$count(donations);
    const body = new URLSearchParams({
      preset: "25",
      email: "ada@example.com",
      nameOnCard: "Ada",
      cardNumber: "4242 4242 4242 4242",
      cardExpiry: "12/34",
      cardCvc: "123",
    });
    const response = await call("/fundraiser", { body });
    expect(response.status).toBe(400);
    const page = await html(response);
    expect(page).toContain(CARD_NEEDS_SCRIPT);
    expect(page).not.toMatch(/value="4242/); // the typed card is not echoed back
    expect(await database(env.DB).$count(donations)).toBe(before);
  });
});

describe("the checkout card form", () => {
  it("answers a scriptless 'pay' post with a message instead of an error page", async () => {
    const buyer = await quickMember();
    const response = await call(`/checkOut/${buyer.user.id}`, {
      cookie: buyer.cookie,
      body: new URLSearchParams({ intent: "pay", nameOnCard: "Ada", cardNumber: "4242 4242 4242 4242" }),
    });
    expect(response.status).toBe(400);
    expect(await html(response)).toContain(CARD_NEEDS_SCRIPT);
  });
});
