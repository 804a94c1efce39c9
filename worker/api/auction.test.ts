// Who may call each auction route: the gallery is public, offers need a member
// (the domain answers visitors with its own message), member items a member,
// and everything that lists or changes items for everybody an admin.
import { beforeAll, describe, expect, it } from "vitest";
import { call, type Member, signUp, signUpAdmin } from "../../tests/workers/http";
import { expectMatrix, type RouteCall } from "../../tests/workers/matrix";

let member: Member;
let admin: Member;

beforeAll(async () => {
  member = await signUp();
  admin = await signUpAdmin();
});

describe("auction authorisation matrix", () => {
  it("serves the gallery to everybody", async () => {
    await expectMatrix(
      [["GET", "/api/bid-items"]],
      { visitor: "ok", other: "ok", admin: "ok" },
      { other: member.cookie, admin: admin.cookie },
    );
  });

  it("asks visitors to sign in before an offer or a member item", async () => {
    const routes: RouteCall[] = [
      ["POST", "/api/bid-items/ABC123/offers", { amount: 5 }],
      ["POST", "/api/member-items", { title: "Lamp", description: "", price: 5 }],
    ];
    await expectMatrix(routes, { visitor: 401 });
    const offer = await call("/api/bid-items/ABC123/offers", { json: { amount: 5 } });
    expect((await offer.json<any>()).error.code).toBe("NOT_AUTHENTICATED");
  });

  it("keeps the admin's calls to the admin: 401 for visitors, 403 for members", async () => {
    const routes: RouteCall[] = [
      ["POST", "/api/bid-items", { items: [] }],
      ["POST", "/api/bid-items/ABC123/close"],
      ["POST", "/api/bid-items/ABC123/offers/1/approve"],
      ["GET", "/api/offers"],
      ["GET", "/api/member-items"],
      ["POST", "/api/member-items/m1/approve"],
      ["POST", "/api/member-items/m1/deny"],
    ];
    await expectMatrix(routes, { visitor: 401, other: 403 }, { other: member.cookie });
    await expectMatrix(
      [
        ["GET", "/api/offers"],
        ["GET", "/api/member-items"],
      ],
      { admin: "ok" },
      { admin: admin.cookie },
    );
  });
});
