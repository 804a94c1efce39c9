// Shipping addresses through the whole Worker: the JSON API under /api/shipping
// and the Settings page's shipping form, as a browser or API client drives them.
import { describe, expect, it } from "vitest";
import { SHIPPING_LIMITS } from "../../app/kernel/schemas/shipping";
import { call, signUp } from "../../tests/workers/http";

const address = {
  recipientName: "  Grace Hopper ",
  phone: "+1 (555) 010-2030",
  streetAddress: "12 Compiler Rd",
  city: "Arlington",
  state: "VA",
  zipCode: "22201",
  country: "USA",
  neighborhood: "",
  landmark: "Blue door",
};

async function list(cookie: string) {
  const response = await call("/api/shipping", { cookie });
  expect(response.status).toBe(200);
  return (await response.json<{ shipping: any[] }>()).shipping;
}

async function save(cookie: string, json: unknown = address) {
  const response = await call("/api/shipping", { json, cookie });
  return { response, body: await response.json<any>() };
}

describe("shipping API", () => {
  it("saves an address with 201 'Saved successfully.' and lists it", async () => {
    const { cookie } = await signUp();
    expect(await list(cookie)).toEqual([]);
    const { response, body } = await save(cookie);
    expect(response.status).toBe(201);
    expect(body).toMatchObject({ success: true, message: "Saved successfully." });
    expect(body.address).toMatchObject({
      ...address,
      recipientName: "Grace Hopper",
      neighborhood: null,
      id: expect.any(String),
    });
    expect(body.address).not.toHaveProperty("userId");
    expect(await list(cookie)).toEqual([body.address]);
  });

  it("defaults the country to USA", async () => {
    const { cookie } = await signUp();
    const { country: _, ...withoutCountry } = address;
    const { response, body } = await save(cookie, withoutCountry);
    expect(response.status).toBe(201);
    expect(body.address.country).toBe("USA");
  });

  it("answers a bad form with 400, the seed's messages and a field map", async () => {
    const { cookie } = await signUp();
    const { response, body } = await save(cookie, {
      ...address,
      recipientName: " ",
      city: "",
      phone: "call me",
      zipCode: "1",
    });
    expect(response.status).toBe(400);
    expect(body.error).toMatchObject({ code: "invalid", message: "Recipient name is required" });
    expect(body.error.fields).toEqual({
      recipientName: ["Recipient name is required"],
      city: ["City is required"],
      phone: ["Phone appears invalid"],
      zipCode: ["ZIP/Postal appears invalid"],
    });
    const empty = await save(cookie, {});
    expect(empty.response.status).toBe(400);
    expect(Object.keys(empty.body.error.fields).sort()).toEqual([
      "city",
      "recipientName",
      "state",
      "streetAddress",
      "zipCode",
    ]);
    const country = await save(cookie, { ...address, country: "MEX" });
    expect(country.body.error.fields).toEqual({ country: ["Country must be United States."] });
    expect(await list(cookie)).toEqual([]);
  });

  it("answers 409 past 20 addresses", async () => {
    const { cookie } = await signUp();
    for (let i = 0; i < 20; i++) expect((await save(cookie)).response.status).toBe(201);
    const { response, body } = await save(cookie);
    expect(response.status).toBe(409);
    expect(body.error).toMatchObject({ code: "conflict", message: "You can keep at most 20 addresses." });
  });

  it("deletes my address with 204", async () => {
    const { cookie } = await signUp();
    const { body } = await save(cookie);
    const deleted = await call(`/api/shipping/${body.address.id}`, { method: "DELETE", cookie });
    expect(deleted.status).toBe(204);
    expect(await list(cookie)).toEqual([]);
    const again = await call(`/api/shipping/${body.address.id}`, { method: "DELETE", cookie });
    expect(again.status).toBe(404);
  });

  it("answers 401 to a visitor on every route", async () => {
    const { cookie } = await signUp();
    const { body } = await save(cookie);
    const visitor = [
      await call("/api/shipping"),
      await call("/api/shipping", { json: address }),
      await call("/api/shipping", { json: {} }),
      await call(`/api/shipping/${body.address.id}`, { method: "DELETE" }),
    ];
    for (const response of visitor) {
      expect(response.status).toBe(401);
      expect((await response.json<any>()).error).toMatchObject({
        code: "not_authenticated",
        message: "User is not authenticated.",
      });
    }
    expect(await list(cookie)).toHaveLength(1);
  });

  it("does not let another member list or delete my address", async () => {
    const me = await signUp();
    const other = await signUp();
    const { body } = await save(me.cookie);
    expect(await list(other.cookie)).toEqual([]);
    const stolen = await call(`/api/shipping/${body.address.id}`, { method: "DELETE", cookie: other.cookie });
    expect(stolen.status).toBe(404);
    expect((await stolen.json<any>()).error.code).toBe("not_found");
    expect(await list(me.cookie)).toHaveLength(1);
  });

  it("ignores a forged userId and saves for the session's member", async () => {
    const me = await signUp();
    const victim = await signUp();
    const { response } = await save(me.cookie, { ...address, userId: victim.user.id });
    expect(response.status).toBe(201);
    expect(await list(victim.cookie)).toEqual([]);
    expect(await list(me.cookie)).toHaveLength(1);
  });
});

describe("settings page shipping form", () => {
  function form(fields: Record<string, string>) {
    return new URLSearchParams(fields);
  }
  async function html(response: Response) {
    return (await response.text()).replaceAll("&#x27;", "'");
  }

  it("shows the form with the seed's labels, limits and the single country", async () => {
    const { cookie } = await signUp();
    const page = await html(await call("/settings", { cookie }));
    for (const label of [
      "Recipient name",
      "Phone",
      "Street address",
      "City",
      "State",
      "ZIP/Postal code",
      "Country",
      "Neighborhood",
      "Landmark",
    ]) {
      expect(page).toContain(label);
    }
    expect(page).toMatch(
      /<select[^>]*name="country"[^>]*>.*<option value="USA"[^>]*>United States<\/option><\/select>/s,
    );
    // The seed's limits, as the shared schema carries them (seed 001 §9).
    for (const [name, max] of Object.entries(SHIPPING_LIMITS)) {
      expect(page.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0], name).toContain(`maxLength="${max}"`);
    }
    // No address saved: no address cards, and the form is open.
    expect(page).not.toContain("<address");
    expect(page).not.toContain("coming soon");
    expect(page).not.toContain("Please sign in to manage your shipping information.");
  });

  it("saves, says 'Saved successfully.' and lists the address; deletes it again", async () => {
    const { cookie } = await signUp();
    const saved = await call("/settings", { body: form({ intent: "shipping", ...address }), cookie });
    expect(saved.status).toBe(200);
    const page = await html(saved);
    expect(page).toContain("Saved successfully.");
    expect(page).toContain("Grace Hopper");
    expect(page).toMatch(/<address>[\s\S]*Arlington, VA 22201<br\/>United States[\s\S]*<\/address>/);
    const [stored] = await list(cookie);
    expect(stored.recipientName).toBe("Grace Hopper");

    const deleted = await call("/settings", { body: form({ intent: "delete-shipping", id: stored.id }), cookie });
    expect(deleted.status).toBe(200);
    expect(await html(deleted)).not.toContain("<address");
    expect(await list(cookie)).toEqual([]);
  });

  it("lists the seed's messages and keeps what was typed", async () => {
    const { cookie } = await signUp();
    const response = await call("/settings", {
      body: form({ intent: "shipping", ...address, streetAddress: " ", phone: "x" }),
      cookie,
    });
    expect(response.status).toBe(400);
    const page = await html(response);
    expect(page).toContain("Validation errors");
    expect(page).toContain("Street address is required");
    expect(page).toContain("Phone appears invalid");
    expect(page).not.toContain("Saved successfully.");
    expect(page).toMatch(/<input[^>]*value="Arlington"[^>]*name="city"|<input[^>]*name="city"[^>]*value="Arlington"/);
  });

  it("does not let a member delete another member's address from the page", async () => {
    const me = await signUp();
    const other = await signUp();
    const { body } = await save(me.cookie);
    const response = await call("/settings", {
      body: form({ intent: "delete-shipping", id: body.address.id }),
      cookie: other.cookie,
    });
    expect(response.status).toBe(404);
    expect(await list(me.cookie)).toHaveLength(1);
  });

  it("still saves the theme with intent=theme", async () => {
    const { cookie } = await signUp();
    const saved = await call("/settings", {
      body: form({ intent: "theme", accentColor: "#0047AB", fontPercentage: "110" }),
      cookie,
    });
    expect(saved.status).toBe(200);
    expect(saved.headers.getSetCookie().some((c) => c.startsWith("theme="))).toBe(true);
    expect(await html(saved)).toContain("Saved successfully.");
    expect(await list(cookie)).toEqual([]);
  });

  it("sends a visitor posting the form to /signin", async () => {
    const response = await call("/settings", { body: form({ intent: "shipping", ...address }) });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/signin?from=%2Fsettings");
  });
});
