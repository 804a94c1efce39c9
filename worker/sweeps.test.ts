import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "./db/client";
import { rateLimits, sessions, signups, users } from "./db/schema";
import { runSweeps } from "./sweeps";

describe("runSweeps", () => {
  it("deletes expired sessions, sign-ups and rate-limit windows, and keeps live ones", async () => {
    const db = database(env.DB);
    const now = Date.now();
    const past = new Date(now - 1000);
    const future = new Date(now + 60_000);
    await db
      .insert(users)
      .values({ id: "u-sweep", name: "S", username: "sweep", email: "sweep@example.com", passwordHash: "x" });
    await db.insert(sessions).values([
      { idHash: "old", userId: "u-sweep", expiresAt: past },
      { idHash: "live", userId: "u-sweep", expiresAt: future },
    ]);
    const signup = { name: "n", username: "u", email: "e@example.com", passwordHash: "p", codeHash: "c" };
    await db.insert(signups).values([
      { ...signup, id: "s-old", expiresAt: past },
      { ...signup, id: "s-live", expiresAt: future },
    ]);
    await db.insert(rateLimits).values([
      { key: "k-old", count: 3, expiresAt: past },
      { key: "k-live", count: 1, expiresAt: future },
    ]);

    await runSweeps(env, now);

    expect((await db.select().from(sessions)).map((s) => s.idHash)).toEqual(["live"]);
    expect((await db.select().from(signups)).map((s) => s.id)).toEqual(["s-live"]);
    expect((await db.select().from(rateLimits)).map((r) => r.key)).toEqual(["k-live"]);
  });
});
