// The upload module's calls to the API, through the typed client: where each goes, and how a failure
// reads (an UploadError with the server's message, code and fields; the status when there is no
// message; the upload's own network message; the signal's reason when cancelled).
import { describe, expect, it } from "vitest";
import { answerFetch, json, rejection } from "../../../tests/dom/support";
import { uploadApi } from "./api";
import { NETWORK_ERROR, UploadError } from "./errors";

const ticket = { uploadId: "u1", key: "k", fileName: "take.wav", size: 4, put: { url: "https://storage.example/k" } };

describe("uploadApi", () => {
  it("sends each call to its route, the upload id encoded, and answers the server's body", async () => {
    const sent = answerFetch(({ method }) => (method === "POST" || method === "GET" ? json(ticket, 201) : json(null)));
    const request = { purpose: "project-file" as const, projectId: "p1", accessType: "private" as const };
    expect(await uploadApi.start({ ...request, fileName: "take.wav", contentType: "audio/wav", size: 4 })).toEqual(
      ticket,
    );
    expect(await uploadApi.ticket("u/1")).toEqual(ticket);
    await uploadApi.recordPart("u1", { partNumber: 2, etag: '"e2"' });
    await uploadApi.complete("u1");
    await uploadApi.abort("u1");
    expect(sent.map(({ method, url }) => `${method} ${url}`)).toEqual([
      "POST /api/uploads",
      "GET /api/uploads/u%2F1",
      "POST /api/uploads/u1/parts",
      "POST /api/uploads/u1/complete",
      "DELETE /api/uploads/u1",
    ]);
    expect(sent[0]!.body).toEqual({ ...request, fileName: "take.wav", contentType: "audio/wav", size: 4 });
    expect(sent[2]!.body).toEqual({ partNumber: 2, etag: '"e2"' });
  });

  it("reads a refusal as an UploadError with the server's message, status, code and fields", async () => {
    answerFetch(() =>
      json(
        {
          error: {
            code: "invalid",
            message: "File type is not allowed.",
            fields: { file: ["File type is not allowed."] },
          },
        },
        400,
      ),
    );
    const error = await rejection(uploadApi.complete("u1"));
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({
      message: "File type is not allowed.",
      status: 400,
      code: "invalid",
      fields: { file: ["File type is not allowed."] },
    });
  });

  it("names the status when the server gave no message", async () => {
    answerFetch(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    const error = await rejection(uploadApi.ticket("u1"));
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ message: "The server answered HTTP 502.", status: 502, code: "upload_failed" });
  });

  it("says to retry when the connection is lost", async () => {
    answerFetch(() => {
      throw new TypeError("Failed to fetch");
    });
    const error = await rejection(uploadApi.recordPart("u1", { partNumber: 1, etag: '"e1"' }));
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ message: NETWORK_ERROR, status: 0 });
  });

  it("rejects with the signal's reason when cancelled", async () => {
    const controller = new AbortController();
    const reason = new DOMException("The upload was cancelled.", "AbortError");
    answerFetch(() => {
      controller.abort(reason);
      throw reason;
    });
    expect(await rejection(uploadApi.complete("u1", controller.signal))).toBe(reason);
  });
});
