// The one way a page answers not-found and an unexpected error (page-errors.ts,
// page-errors.server.ts): what a loader throws, what an ErrorBoundary reads, and
// what a page action answers for a domain error, a crash and a redirect.
import { isRouteErrorResponse, redirect } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { Conflict, NotFound } from "../../worker/domain/errors";
import { notFound, notFoundMessage } from "./page-errors";
import { orNotFound, pageAction } from "./page-errors.server";

/** What `data()` carries (React Router's DataWithResponseInit). */
type Answer = { data: unknown; init: ResponseInit | null };

function thrown(run: () => unknown): Answer {
  try {
    run();
  } catch (error) {
    return error as Answer;
  }
  throw new Error("nothing was thrown");
}

async function rejected(promise: Promise<unknown>): Promise<Answer> {
  return promise.then(
    () => {
      throw new Error("it resolved");
    },
    (error: unknown) => error as Answer,
  );
}

/** The route error response an ErrorBoundary receives for a thrown `data(message, {status})`. */
const routeError = (status: number, data: unknown) => ({ status, statusText: "", internal: false, data });

describe("notFound()", () => {
  it("throws a 404 carrying the message", () => {
    const answer = thrown(() => notFound("No file data available"));
    expect(answer.init?.status).toBe(404);
    expect(answer.data).toBe("No file data available");
  });

  it("says 'Not Found' without a message", () => {
    expect(thrown(() => notFound()).data).toBe("Not Found");
  });
});

describe("notFoundMessage()", () => {
  it("reads the message of a 404 for the route's ErrorBoundary", () => {
    const error = routeError(404, "Project not found.");
    expect(isRouteErrorResponse(error)).toBe(true);
    expect(notFoundMessage(error)).toBe("Project not found.");
    expect(notFoundMessage(routeError(404, null))).toBe("Not Found");
  });

  it("is null for other statuses and for exceptions, which the generic error page shows", () => {
    expect(notFoundMessage(routeError(400, "Unknown form."))).toBeNull();
    expect(notFoundMessage(new Error("boom"))).toBeNull();
    expect(notFoundMessage(undefined)).toBeNull();
  });
});

describe("orNotFound()", () => {
  it("passes the read's value through", async () => {
    await expect(orNotFound(Promise.resolve({ id: "p1" }), "Project not found.")).resolves.toEqual({ id: "p1" });
  });

  it("turns the domain's NotFound into the page's 404 with the page's message", async () => {
    const answer = await rejected(orNotFound(Promise.reject(new NotFound()), "Project not found."));
    expect(answer.init?.status).toBe(404);
    expect(answer.data).toBe("Project not found.");
  });

  it("lets any other error through to the error page", async () => {
    const failure = new Error("D1 is down");
    await expect(orNotFound(Promise.reject(failure), "Project not found.")).rejects.toBe(failure);
    const conflict = new Conflict("Taken");
    await expect(orNotFound(Promise.reject(conflict))).rejects.toBe(conflict);
  });
});

describe("pageAction()", () => {
  const echo = { intent: "delete-file" as const, fileId: "f1" };
  const unexpected = "An error occurred while deleting the file";

  it("returns what the work returns", async () => {
    await expect(pageAction(async () => ({ ...echo, message: "Done" }), { echo, unexpected })).resolves.toEqual({
      ...echo,
      message: "Done",
    });
  });

  it("answers a typed domain error with its own message, code and status, echoing the form", async () => {
    const answer = (await pageAction(
      async () => {
        throw new NotFound("Required data missing for deletion");
      },
      { echo, unexpected },
    )) as unknown as Answer;
    expect(answer.init?.status).toBe(404);
    expect(answer.data).toMatchObject({
      ...echo,
      error: { code: "not_found", message: "Required data missing for deletion" },
    });
  });

  it("logs anything else and answers the page's 'unexpected' message with 500", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const answer = (await pageAction(
      async () => {
        throw new Error("D1 is down");
      },
      { echo, unexpected },
    )) as unknown as Answer;
    expect(answer.init?.status).toBe(500);
    expect(answer.data).toEqual({ ...echo, error: { code: "internal", message: unexpected } });
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });

  it("works without an echo (a fetcher that sends JSON)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const answer = (await pageAction(
      async () => {
        throw new TypeError("oops");
      },
      { unexpected: "Failed to save popup" },
    )) as unknown as Answer;
    expect(answer.data).toEqual({ error: { code: "internal", message: "Failed to save popup" } });
    vi.restoreAllMocks();
  });

  it("lets a redirect through", async () => {
    const answer = await rejected(
      pageAction(
        async () => {
          throw redirect("/projects/p1");
        },
        { echo, unexpected },
      ),
    );
    expect(answer).toBeInstanceOf(Response);
    expect((answer as unknown as Response).headers.get("Location")).toBe("/projects/p1");
  });
});
