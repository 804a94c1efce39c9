// The browser's typed client (ADR 058): `call` reads every answer one way. A 2xx gives the route's
// own typed body; any failure, whatever the server or the network did, becomes an `ApiError` whose
// message `errorText` shows: the server's message, else the caller's fallback, else the status.
// Only fetch is stood in; the requests are the ones `hc<Api>` builds from worker/api's routes.
import { describe, expect, expectTypeOf, it } from "vitest";
import { answerFetch, json, rejection } from "../../tests/dom/support";
import { ApiError, api, call, errorText, NETWORK_ERROR, UNREADABLE_ANSWER } from "./api-client";

const download = () => call(api.files[":fileId"].download.$post({ param: { fileId: "f1" } }));

describe("call", () => {
  it("answers a 2xx with the route's typed body, sent where the route says", async () => {
    const sent = answerFetch(() => json({ success: true, url: "https://storage.example/f1", fileName: "take.wav" }));
    const answer = await download();
    expect(answer).toEqual({ success: true, url: "https://storage.example/f1", fileName: "take.wav" });
    expectTypeOf(answer.url).toEqualTypeOf<string>();
    expectTypeOf(answer.fileName).toEqualTypeOf<string>();
    expect(sent).toEqual([{ method: "POST", url: "/api/files/f1/download", body: null }]);
  });

  it("answers undefined for a 204", async () => {
    answerFetch(() => new Response(null, { status: 204 }));
    const answer = await call(api.projects[":projectId"].$delete({ param: { projectId: "p1" } }));
    expect(answer).toBeUndefined();
    expectTypeOf(answer).toEqualTypeOf<undefined>();
  });

  it("throws the server's message, status, code and field errors for a refusal", async () => {
    answerFetch(() =>
      json({ error: { code: "invalid", message: "Title is required", fields: { title: ["Title is required"] } } }, 400),
    );
    const error = await rejection(download());
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: "Title is required",
      status: 400,
      code: "invalid",
      fields: { title: ["Title is required"] },
    });
    expect(errorText(error, "Failed to generate download link")).toBe("Title is required");
  });

  it("gives the caller's fallback, else the status, when a refusal carries no message", async () => {
    answerFetch(() => json({ error: { code: "conflict", message: "" } }, 409));
    const withFallback = await rejection(
      call(api.files[":fileId"].download.$post({ param: { fileId: "f1" } }), "Failed to add to cart"),
    );
    expect(withFallback).toMatchObject({ message: "Failed to add to cart", status: 409, code: "conflict" });
    expect(await rejection(download())).toMatchObject({ message: "HTTP 409", status: 409 });
    const byStatus = await rejection(
      call(
        api.files[":fileId"].download.$post({ param: { fileId: "f1" } }),
        (status) => `The server answered HTTP ${status}.`,
      ),
    );
    expect(byStatus).toMatchObject({ message: "The server answered HTTP 409." });
  });

  it("gives the fallback for a 5xx that is not JSON (a proxy's error page)", async () => {
    answerFetch(() => new Response("<html><h1>502 Bad Gateway</h1></html>", { status: 502 }));
    const error = await rejection(
      call(api.files[":fileId"].download.$post({ param: { fileId: "f1" } }), "Failed to generate download link"),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: "Failed to generate download link", status: 502, code: "http" });
    expect(errorText(error, "unused")).toBe("Failed to generate download link");
    expect(await rejection(download())).toMatchObject({ message: "HTTP 502", status: 502 });
  });

  it("says the connection was lost when the request never arrives", async () => {
    answerFetch(() => {
      throw new TypeError("Failed to fetch");
    });
    const error = await rejection(download());
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: NETWORK_ERROR, status: 0, code: "network" });
    expect(errorText(error, "unused")).toBe(NETWORK_ERROR);
  });

  it("throws a readable ApiError, not a parse error, for a 2xx whose body is not JSON", async () => {
    answerFetch(() => new Response("<html>Signed out</html>", { status: 200 }));
    const error = await rejection(download());
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: UNREADABLE_ANSWER, status: 200, code: "http" });
    const withFallback = await rejection(
      call(api.files[":fileId"].download.$post({ param: { fileId: "f1" } }), "Failed to generate download link"),
    );
    expect(withFallback).toMatchObject({ message: "Failed to generate download link" });
  });

  it("lets a cancelled request's AbortError through, so a screen can tell a cancel from a failure", async () => {
    const abort = new DOMException("The operation was aborted.", "AbortError");
    answerFetch(() => {
      throw abort;
    });
    expect(await rejection(download())).toBe(abort);
  });
});

describe("errorText", () => {
  it("shows an error's message, else the fallback", () => {
    expect(errorText(new ApiError("Not Found", 404), "Failed")).toBe("Not Found");
    expect(errorText(new Error(""), "Failed")).toBe("Failed");
    expect(errorText("a string thrown", "Failed")).toBe("Failed");
    expect(errorText(undefined, "Failed")).toBe("Failed");
  });
});
