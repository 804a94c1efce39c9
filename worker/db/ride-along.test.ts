// The session lookup rides in the batch of a page's first reads (ADR 027):
// one D1 round trip for both, the same answers as two, and never a write in a
// batch it did not ask for.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, signUp } from "../../tests/workers/http";
import { database } from "./client";
import { requestD1 } from "./request-d1";
import { answerFromBatch, NOT_EXACT, selectColumnCount } from "./ride-along";
import { sessions } from "./schema";

const header = (response: Response, name: string) => Number(response.headers.get(`x-d1-${name}`));
const counted = () => requestD1(env, new Request("http://localhost/"), { counting: true });
const one = (sql: string, ...params: unknown[]) => Promise.resolve(env.DB.prepare(sql).bind(...params));

describe("a member page's session check rides with its reads", () => {
  it("renders /settings with the session and the addresses in one round trip (the cart count beside it), showing the member's own address", async () => {
    const member = await signUp();
    const saved = await call("/api/shipping", {
      cookie: member.cookie,
      json: {
        recipientName: "Ada Rider",
        streetAddress: "1 Batch Lane",
        city: "Austin",
        state: "TX",
        zipCode: "73301",
      },
    });
    expect(saved.status).toBe(201);

    const page = await call("/settings", { cookie: member.cookie });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain(member.form.name);
    expect(text).toContain("1 Batch Lane");
    // The session rides with the addresses; the shell's cart count (ADR 036) is read beside them,
    // its own round trip but no extra wait.
    expect(header(page, "statements")).toBe(3);
    expect({ roundTrips: header(page, "round-trips"), waits: header(page, "waits") }).toEqual({
      roundTrips: 2,
      waits: 1,
    });
  });

  it("still sends a revoked session's page to sign-in when the lookup rode with the page's reads", async () => {
    const member = await signUp();
    await database(env.DB).delete(sessions).where(eq(sessions.userId, member.user.id));
    const page = await call("/settings", { cookie: member.cookie });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/signin?from=%2Fsettings");
    expect(page.headers.getSetCookie().some((c) => c.startsWith("sid=") && /Max-Age=0/.test(c))).toBe(true);
  });
});

describe("RequestD1.ride", () => {
  it("sends the rider alone when released before the request sent anything else", async () => {
    const d1 = counted();
    const riding = d1.ride(one("select 7 as seven"));
    expect(d1.count?.roundTrips).toBe(0);
    riding.release();
    const result = await riding.result;
    expect(result.results).toEqual([{ seven: 7 }]);
    expect(d1.count).toEqual({ statements: 1, roundTrips: 1, waits: 1 });
  });

  it("joins the next read and answers both exactly as alone: all, first, raw and batch", async () => {
    const d1 = counted();
    const alone = await d1.db.prepare("select 1 as a, 'x' as b union all select 2, 'y'").raw();

    const rode = d1.ride(one("select 3 as c")).result;
    const raw = d1.db.prepare("select 1 as a, 'x' as b union all select 2, 'y'").raw();
    expect(await raw).toEqual(alone);
    expect((await rode).results).toEqual([{ c: 3 }]);
    expect(d1.count).toEqual({ statements: 3, roundTrips: 2, waits: 2 });

    const rode2 = d1.ride(one("select 4 as d")).result;
    expect(await d1.db.prepare("select ? as e").bind(5).first()).toEqual({ e: 5 });
    expect((await rode2).results).toEqual([{ d: 4 }]);

    const rode3 = d1.ride(one("select 6 as f")).result;
    const [first, second] = await d1.db.batch([d1.db.prepare("select 1 as g"), d1.db.prepare("select 2 as h")]);
    expect(first?.results).toEqual([{ g: 1 }]);
    expect(second?.results).toEqual([{ h: 2 }]);
    expect((await rode3).results).toEqual([{ f: 6 }]);
    expect(d1.count).toEqual({ statements: 8, roundTrips: 4, waits: 4 });
  });

  it("sends a raw() of columns sharing a name again alone, so no value is lost", async () => {
    const d1 = counted();
    const rode = d1.ride(one("select 1 as one")).result;
    const rows = await d1.db.prepare("select 1 as id, 2 as id").raw();
    expect(rows).toEqual([[1, 2]]);
    expect((await rode).results).toEqual([{ one: 1 }]);
    expect(d1.count?.roundTrips).toBe(2); // the shared batch, then the raw() alone
  });

  it("never puts a write in the rider's batch: the rider goes alone beside it", async () => {
    const d1 = counted();
    const riding = d1.ride(one("select 1 as one"));
    await d1.db.prepare("delete from sessions where id_hash = ?").bind("nobody").run();
    // Sent alone beside the write, without waiting for release().
    expect((await riding.result).results).toEqual([{ one: 1 }]);
    expect(d1.count).toMatchObject({ statements: 2, roundTrips: 2 });
  });

  it("gives the page its own error and the rider its own answer when their batch fails", async () => {
    const d1 = counted();
    const rode = d1.ride(one("select 1 as one")).result;
    await expect(d1.db.prepare("select * from no_such_table").all()).rejects.toThrow(/no such table/);
    expect((await rode).results).toEqual([{ one: 1 }]);
  });
});

describe("rebuilding raw() from a batch", () => {
  it("counts the columns of the outermost select list", () => {
    expect(selectColumnCount('select "id", "name" from "users" where "id" = ?')).toBe(2);
    expect(
      selectColumnCount('select "u"."id", (select count(*) from "s" where "s"."a" = "u"."id") from "users" "u"'),
    ).toBe(2);
    expect(selectColumnCount("select 'a, b' as x, coalesce(a, b) as y from t")).toBe(2);
    expect(selectColumnCount("select distinct a from t")).toBe(1);
    expect(selectColumnCount("select 1")).toBe(1);
    expect(selectColumnCount("select * from t")).toBeUndefined();
    expect(selectColumnCount('select "t".* from t')).toBeUndefined();
    expect(selectColumnCount("with x as (select 1) select * from x")).toBeUndefined();
  });

  it("refuses what objects cannot carry: shared names and index-like names", () => {
    const result = (rows: Record<string, unknown>[]) => ({ results: rows, success: true, meta: {} }) as D1Result;
    expect(answerFromBatch(result([{ id: 2 }]), { kind: "raw" }, "select a.id, b.id from a, b")).toBe(NOT_EXACT);
    expect(answerFromBatch(result([{ 1: 1, a: 2 }]), { kind: "raw" }, "select 1, a from t")).toBe(NOT_EXACT);
    expect(answerFromBatch(result([{ a: 1, b: 2 }]), { kind: "raw", columnNames: true }, "select a, b from t")).toEqual(
      [
        ["a", "b"],
        [1, 2],
      ],
    );
    expect(answerFromBatch(result([]), { kind: "first" }, "select a from t")).toBeNull();
  });
});
