// Seed 000 §8 and 001 §8 failure messages of components that call the API themselves, made to happen
// with the API failing (an error answer, or the network dropping the request) and read where the
// seed shows them: the page's feedback line or the component's own alert.
import { createRoutesStub, data } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerFetch, button, byRole, click, json, mount, texts, until } from "../../tests/dom/support";
import { DownloadButton } from "../features/projects/files/FileActions";
import type { OrderView } from "../features/store/checkout/client";
import { PackageStatus } from "../features/store/checkout/PackageStatus";
import { PACKAGING_FAILED } from "../kernel/schemas/checkout";
import { ACCESS_REMOVED } from "../kernel/schemas/file-access-messages";
import { Feedback, useFeedback } from "./Feedback";
import { PageError } from "./PageError";

afterEach(() => {
  vi.restoreAllMocks();
});

const networkDown = () => {
  throw new TypeError("Failed to fetch");
};

/** The file view's own wiring (app/features/projects/pages/file-view.tsx): the Download button reports into the feedback line. */
function FileViewActions() {
  const [feedback, showFeedback] = useFeedback();
  return (
    <>
      <Feedback feedback={feedback} />
      <DownloadButton fileId="f1" onMessage={showFeedback} />
    </>
  );
}

describe("Download File (the file view)", () => {
  it("says 'Failed to generate download link' when the server gives no link", async () => {
    const sent = answerFetch(() => json({ error: { message: "Not Found" } }, 404));
    const view = await mount(<FileViewActions />);
    await click(button(view.host, "Download File"));
    await until(() => byRole(view.host, "alert").length, "the message");
    expect(texts(byRole(view.host, "alert"))).toEqual(["Failed to generate download link"]);
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual(["POST /api/files/f1/download"]);
  });

  it("says the member's access was removed when the server refuses them (403), not the seed's message", async () => {
    answerFetch(() => json({ error: { code: "forbidden", message: ACCESS_REMOVED } }, 403));
    const view = await mount(<FileViewActions />);
    await click(button(view.host, "Download File"));
    await until(() => byRole(view.host, "alert").length, "the message");
    expect(texts(byRole(view.host, "alert"))).toEqual([ACCESS_REMOVED]);
  });

  it("says 'An error occurred while downloading the file' when the request fails in the network", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    answerFetch(networkDown);
    const view = await mount(<FileViewActions />);
    await click(button(view.host, "Download File"));
    await until(() => byRole(view.host, "alert").length, "the message");
    expect(texts(byRole(view.host, "alert"))).toEqual(["An error occurred while downloading the file"]);
  });
});

// The dashboard's beat battle section reads its entries in the page's loader now: its
// 'Failed to load beat battle entries.' is tested in app/features/admin/pages/dashboard.test.ts.

describe("a paid order whose packaging failed", () => {
  const order = {
    id: "o1",
    number: "CP-ABCDEFGH",
    status: "paid",
    package: {
      id: "j1",
      kind: "purchase",
      status: "failed",
      progress: 40,
      error: "R2 write failed",
      downloadUrl: null,
      fileName: null,
    },
  } as unknown as OrderView;

  it("says 'Payment succeeded, but file packaging failed.' and retries; a refused retry shows the server's reason", async () => {
    const sent = answerFetch(() => json({ error: { message: "Only a paid order can be packaged." } }, 400));
    let retried = 0;
    const view = await mount(<PackageStatus order={order} onRetried={() => retried++} />);
    const alert = () => byRole(view.host, "alert")[0]!;
    expect(alert().querySelector("p")!.textContent).toBe(PACKAGING_FAILED);
    expect(PACKAGING_FAILED).toBe("Payment succeeded, but file packaging failed.");
    await click(button(view.host, "Retry packaging"));
    await until(() => alert().textContent?.includes("Only a paid order"), "the refusal");
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual(["POST /api/orders/o1/package"]);
    expect(retried).toBe(0);
  });
});

describe("the error page", () => {
  it("says 'Something went wrong.' for a route error whose answer carries no text (a 503 with a body)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const Stub = createRoutesStub([
      {
        path: "/orders",
        Component: () => <p>orders</p>,
        ErrorBoundary: ({ error }: { error: unknown }) => <PageError error={error} />,
        loader: () => {
          throw data({ retryAfter: 30 }, { status: 503, statusText: "Service Unavailable" });
        },
      },
    ]);
    const view = await mount(<Stub initialEntries={["/orders"]} />);
    const alert = await until(() => byRole(view.host, "alert")[0], "the error page");
    expect(alert.querySelector("h1")!.textContent).toBe("503 Service Unavailable");
    expect(alert.querySelector("p")!.textContent).toBe("Something went wrong.");
  });
});
