// Who may touch an upload: only the member who asked for it. Anyone else's id
// looks missing (404); a visitor is asked to sign in (401) before any lookup.
import { beforeAll, describe, it } from "vitest";
import { type Member, signUp } from "../../tests/workers/http";
import { expectMatrix, type RouteCall } from "../../tests/workers/matrix";
import { PNG, sign } from "../../tests/workers/uploads";

let owner: Member;
let other: Member;
let uploadId: string;

beforeAll(async () => {
  owner = await signUp();
  other = await signUp();
  const signed = await sign(owner.cookie, { fileName: "cover.png", contentType: "image/png", size: PNG.byteLength });
  uploadId = (await signed.json<any>()).uploadId;
});

describe("uploads authorisation matrix", () => {
  it("refuses visitors and answers other members 404 for someone else's upload", async () => {
    const routes: RouteCall[] = [
      ["GET", `/api/uploads/${uploadId}`],
      ["POST", `/api/uploads/${uploadId}/parts`, { partNumber: 1, etag: "etag" }],
      ["POST", `/api/uploads/${uploadId}/complete`],
      ["DELETE", `/api/uploads/${uploadId}`],
    ];
    await expectMatrix(routes, { visitor: 401, other: 404 }, { other: other.cookie });
    await expectMatrix(
      [["POST", "/api/uploads", { purpose: "project-file", fileName: "a.png", contentType: "image/png", size: 10 }]],
      { visitor: 401 },
    );
  });

  it("lets the owner resume and abort it", async () => {
    await expectMatrix(
      [
        ["GET", `/api/uploads/${uploadId}`],
        ["DELETE", `/api/uploads/${uploadId}`],
      ],
      { owner: "ok" },
      { owner: owner.cookie },
    );
  });
});
