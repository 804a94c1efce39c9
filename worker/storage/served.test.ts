import { describe, expect, it } from "vitest";
import { ATTACHMENT_TYPE, PLAIN_TEXT_TYPE, servedAs } from "./served";
import { R2PresignedSigner } from "./signer";

describe("servedAs (issue 13 item 1)", () => {
  it.each([
    ["image/png", "image/png"],
    ["image/jpeg", "image/jpeg"],
    ["audio/mpeg", "audio/mpeg"],
    ["video/mp4", "video/mp4"],
    ["application/pdf", "application/pdf"],
    ["text/plain", PLAIN_TEXT_TYPE],
    ["application/json", PLAIN_TEXT_TYPE],
  ])("shows %s inline as %s", (contentType, served) => {
    expect(servedAs({ contentType })).toEqual({ contentType: served, contentDisposition: "inline" });
  });

  it.each([
    "text/html",
    "TEXT/HTML; charset=utf-8",
    "image/svg+xml",
    "application/xhtml+xml",
    "text/xml",
    "application/javascript",
    "application/octet-stream",
    "",
    undefined,
  ])("serves %j as an attachment of an inert type", (contentType) => {
    expect(servedAs({ contentType })).toEqual({ contentType: ATTACHMENT_TYPE, contentDisposition: "attachment" });
  });

  it("a download is always an attachment with its name", () => {
    expect(servedAs({ contentType: "image/png", downloadName: "a b.png" })).toEqual({
      contentType: "image/png",
      contentDisposition: `attachment; filename="a b.png"; filename*=UTF-8''a%20b.png`,
    });
  });

  it("a zip the server made keeps its type, but only ever as an attachment", () => {
    expect(servedAs({ contentType: "application/zip", downloadName: "p.zip" })).toEqual({
      contentType: "application/zip",
      contentDisposition: `attachment; filename="p.zip"; filename*=UTF-8''p.zip`,
    });
    expect(servedAs({ contentType: "application/zip" }).contentDisposition).toBe("attachment");
  });
});

describe("production R2 GETs", () => {
  it("are signed with the served type and disposition, so R2 answers the same as development", async () => {
    const signer = new R2PresignedSigner({
      accountId: "acc",
      accessKeyId: "id",
      secretAccessKey: "secret",
      bucket: "b",
    });
    const page = new URL((await signer.signGet({ key: "users/u/page.html", contentType: "text/html" }, 60)).url);
    expect(page.searchParams.get("response-content-type")).toBe(ATTACHMENT_TYPE);
    expect(page.searchParams.get("response-content-disposition")).toBe("attachment");
    const image = new URL((await signer.signGet({ key: "users/u/a.png", contentType: "image/png" }, 60)).url);
    expect(image.searchParams.get("response-content-type")).toBe("image/png");
    expect(image.searchParams.get("response-content-disposition")).toBe("inline");
    expect(image.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
  });
});
