// The shipping rules (seed 001 §3, §5, §9) on the shared schema and the domain,
// in workerd with the real local D1.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  COUNTRY_NOT_ALLOWED,
  MAX_ADDRESSES,
  PHONE_INVALID,
  shippingSchema,
  TOO_MANY_ADDRESSES,
  ZIP_INVALID,
} from "../../../app/kernel/schemas/shipping";
import { database } from "../../db/client";
import { shippingAddresses, users } from "../../db/schema";
import { Conflict, Invalid, NotFound } from "../errors";
import { parse } from "../validation";
import { addShippingAddress, deleteShippingAddress, hasShippingAddress, listShippingAddresses } from "./addresses";

/** All the shipping domain needs: the database and the clock. */
const deps = { db: database(env.DB), now: Date.now };

const valid = {
  recipientName: "Ada Lovelace",
  phone: "+1 (555) 123-4567",
  streetAddress: "1 Analytical Way",
  city: "Springfield",
  state: "IL",
  zipCode: "62701",
  country: "USA",
  neighborhood: "Old Town",
  landmark: "Next to the engine house",
};

/** The field map `parse` throws for the input, or null when it parses. */
function errorsOf(input: unknown) {
  try {
    parse(shippingSchema, input);
    return null;
  } catch (error) {
    if (!(error instanceof Invalid)) throw error;
    return error.fields!;
  }
}

async function newUser() {
  const id = crypto.randomUUID();
  await deps.db.insert(users).values({
    id,
    name: "Shipper",
    username: `ship_${id.slice(0, 8)}`,
    email: `ship-${id}@example.com`,
    passwordHash: "x",
  });
  return id;
}

describe("shipping form rules", () => {
  it("says '{field} is required' with the field's label for each required field", () => {
    expect(errorsOf({})).toEqual({
      recipientName: ["Recipient name is required"],
      streetAddress: ["Street address is required"],
      city: ["City is required"],
      state: ["State is required"],
      zipCode: ["ZIP/Postal code is required"],
    });
    const blank = { recipientName: "  ", streetAddress: "", city: "\t", state: " ", zipCode: " ", country: " " };
    expect(errorsOf(blank)).toEqual({
      recipientName: ["Recipient name is required"],
      streetAddress: ["Street address is required"],
      city: ["City is required"],
      state: ["State is required"],
      zipCode: ["ZIP/Postal code is required"],
      country: ["Country is required"],
    });
    expect(errorsOf({ ...valid, city: null, country: null })).toEqual({
      city: ["City is required"],
      country: ["Country is required"],
    });
  });

  it("trims every value and stores blank or missing optionals as null", () => {
    const form = parse(shippingSchema, {
      recipientName: "  Ada  ",
      phone: "   ",
      streetAddress: " 1 Way ",
      city: " Springfield ",
      state: " IL ",
      zipCode: " 62701 ",
      country: " USA ",
      neighborhood: "",
    });
    expect(form).toEqual({
      recipientName: "Ada",
      phone: null,
      streetAddress: "1 Way",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
      country: "USA",
      neighborhood: null,
      landmark: null,
    });
    expect(parse(shippingSchema, { ...valid, phone: null, landmark: null })).toMatchObject({
      phone: null,
      landmark: null,
    });
  });

  it("defaults the country to USA and allows no other", () => {
    const { country: _, ...withoutCountry } = valid;
    expect(parse(shippingSchema, withoutCountry).country).toBe("USA");
    expect(errorsOf({ ...valid, country: "CAN" })).toEqual({ country: [COUNTRY_NOT_ALLOWED] });
    expect(errorsOf({ ...valid, country: "United States" })).toEqual({ country: [COUNTRY_NOT_ALLOWED] });
  });

  it("accepts a phone of 7 to 20 digits, parentheses, plus, hyphen, dot or space, else 'Phone appears invalid'", () => {
    for (const phone of ["5551234", "+1 (555) 123-4567", "555.123.4567", "1".repeat(20), "  5551234  "]) {
      expect(errorsOf({ ...valid, phone }), phone).toBeNull();
    }
    for (const phone of ["555123", "1".repeat(21), "555-CALL-NOW", "555_1234", "+1 555 123 4567 ext 9"]) {
      expect(errorsOf({ ...valid, phone }), phone).toEqual({ phone: [PHONE_INVALID] });
    }
    expect(PHONE_INVALID).toBe("Phone appears invalid");
  });

  it("accepts a ZIP of 3 to 12 letters, digits, hyphen or space, else 'ZIP/Postal appears invalid'", () => {
    for (const zipCode of ["123", "62701-1234", "SW1A 1AA", "A".repeat(12)]) {
      expect(errorsOf({ ...valid, zipCode }), zipCode).toBeNull();
    }
    for (const zipCode of ["12", "A".repeat(13), "627.01", "62701#"]) {
      expect(errorsOf({ ...valid, zipCode }), zipCode).toEqual({ zipCode: [ZIP_INVALID] });
    }
    expect(ZIP_INVALID).toBe("ZIP/Postal appears invalid");
  });

  it("caps every text at the seed's maximum length", () => {
    const limits = [
      ["recipientName", 100, "Recipient name must be at most 100 characters."],
      ["streetAddress", 180, "Street address must be at most 180 characters."],
      ["city", 80, "City must be at most 80 characters."],
      ["state", 40, "State must be at most 40 characters."],
      ["neighborhood", 80, "Neighborhood must be at most 80 characters."],
      ["landmark", 120, "Landmark must be at most 120 characters."],
    ] as const;
    for (const [field, max, message] of limits) {
      expect(errorsOf({ ...valid, [field]: "x".repeat(max) }), field).toBeNull();
      expect(errorsOf({ ...valid, [field]: ` ${"x".repeat(max)} ` }), `${field} trimmed`).toBeNull();
      expect(errorsOf({ ...valid, [field]: "x".repeat(max + 1) }), field).toEqual({ [field]: [message] });
    }
  });

  it("ignores a userId or any other field in the input", () => {
    expect(parse(shippingSchema, { ...valid, userId: "someone-else", id: "x" })).not.toHaveProperty("userId");
  });
});

describe("shipping addresses", () => {
  let userId: string;
  beforeEach(async () => {
    userId = await newUser();
  });

  it("saves a member's address and lists it, oldest first, without the owner", async () => {
    const first = await addShippingAddress(deps, userId, parse(shippingSchema, valid));
    expect(first).toMatchObject({ ...valid, id: expect.any(String) });
    expect(first.createdAt).toBeInstanceOf(Date);
    expect(first).not.toHaveProperty("userId");
    const second = await addShippingAddress(
      deps,
      userId,
      parse(shippingSchema, { ...valid, recipientName: "Charles", phone: "" }),
    );
    expect(second.phone).toBeNull();

    const list = await listShippingAddresses(deps, userId);
    expect(list.map((a) => a.id)).toEqual([first.id, second.id]);
    const [stored] = await deps.db.select().from(shippingAddresses).where(eq(shippingAddresses.id, second.id));
    expect(stored).toMatchObject({ userId, recipientName: "Charles", phone: null, country: "USA" });
  });

  it("keeps each member's list to their own", async () => {
    const other = await newUser();
    await addShippingAddress(deps, other, parse(shippingSchema, valid));
    expect(await listShippingAddresses(deps, userId)).toEqual([]);
    expect(await listShippingAddresses(deps, other)).toHaveLength(1);
  });

  it(`keeps at most ${MAX_ADDRESSES} addresses per member`, async () => {
    const form = parse(shippingSchema, valid);
    for (let i = 0; i < MAX_ADDRESSES; i++) await addShippingAddress(deps, userId, form);
    await expect(addShippingAddress(deps, userId, form)).rejects.toThrow(Conflict);
    await expect(addShippingAddress(deps, userId, form)).rejects.toThrow(TOO_MANY_ADDRESSES);
    expect(TOO_MANY_ADDRESSES).toBe("You can keep at most 20 addresses.");
    expect(await listShippingAddresses(deps, userId)).toHaveLength(MAX_ADDRESSES);

    const [oldest] = await listShippingAddresses(deps, userId);
    await deleteShippingAddress(deps, userId, oldest!.id);
    await expect(addShippingAddress(deps, userId, form)).resolves.toMatchObject({ recipientName: valid.recipientName });

    const other = await newUser();
    await expect(addShippingAddress(deps, other, form)).resolves.toBeTruthy();
  });

  it("does not go past the cap with parallel saves", async () => {
    const form = parse(shippingSchema, valid);
    for (let i = 0; i < MAX_ADDRESSES - 2; i++) await addShippingAddress(deps, userId, form);
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => addShippingAddress(deps, userId, form)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    expect(await listShippingAddresses(deps, userId)).toHaveLength(MAX_ADDRESSES);
  });

  it("refuses to save for a user who does not exist", async () => {
    await expect(addShippingAddress(deps, "no-such-user", parse(shippingSchema, valid))).rejects.toThrow(NotFound);
  });

  it("deletes only the member's own address; anyone else's or a missing one is NotFound", async () => {
    const mine = await addShippingAddress(deps, userId, parse(shippingSchema, valid));
    const other = await newUser();
    await expect(deleteShippingAddress(deps, other, mine.id)).rejects.toThrow(NotFound);
    expect(await listShippingAddresses(deps, userId)).toHaveLength(1);
    await deleteShippingAddress(deps, userId, mine.id);
    expect(await listShippingAddresses(deps, userId)).toEqual([]);
    await expect(deleteShippingAddress(deps, userId, mine.id)).rejects.toThrow(NotFound);
  });

  it("tells whether a member has an address (the auction's precondition)", async () => {
    expect(await hasShippingAddress(deps, userId)).toBe(false);
    const address = await addShippingAddress(deps, userId, parse(shippingSchema, valid));
    expect(await hasShippingAddress(deps, userId)).toBe(true);
    const other = await newUser();
    expect(await hasShippingAddress(deps, other)).toBe(false);
    await deleteShippingAddress(deps, userId, address.id);
    expect(await hasShippingAddress(deps, userId)).toBe(false);
  });
});
