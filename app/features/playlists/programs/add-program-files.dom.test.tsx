// Adding files to a program (seed 000 §8 'File added successfully!'): the whole upload protocol runs
// (ticket, PUT of the bytes, complete), with the API and the storage PUT stood in.
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import {
  answerFetch,
  button,
  byRole,
  chooseFiles,
  click,
  json,
  mount,
  texts,
  until,
} from "../../../../tests/dom/support";
import { Feedback, useFeedback } from "../../../components/Feedback";
import { AddProgramFiles } from "./ProgramFiles";
import type { ProgramView } from "./types";

/** Storage's side of the signed PUT: records the request and answers 200 with an ETag. */
function storageAccepting() {
  const puts: { method: string; url: string; size: number }[] = [];
  class StorageXhr {
    status = 0;
    responseText = "";
    upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private request = { method: "", url: "" };
    open(method: string, url: string) {
      this.request = { method, url };
    }
    setRequestHeader() {}
    getResponseHeader(name: string) {
      return name.toLowerCase() === "etag" ? '"etag-1"' : null;
    }
    abort() {}
    send(body: Blob) {
      puts.push({ ...this.request, size: body.size });
      setTimeout(() => {
        this.upload.onprogress?.({ loaded: body.size });
        this.status = 200;
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal("XMLHttpRequest", StorageXhr);
  return puts;
}

describe("AddProgramFiles", () => {
  it("uploads the chosen file and says 'File added successfully!'", async () => {
    const puts = storageAccepting();
    const sent = answerFetch(({ url }) => {
      if (url === "/api/uploads")
        return json({ uploadId: "up1", key: "k", put: { url: "https://storage.test/put/up1", method: "PUT" } }, 201);
      if (url === "/api/uploads/up1/complete") return json({ uploadId: "up1", fileId: "f9" }, 201);
      return json({ error: { message: "unexpected" } }, 500);
    });
    const program = {
      id: "prog1",
      title: "Morning show",
      mediaType: "audio",
      accessType: "private",
      files: [],
    } as unknown as ProgramView;
    function Page() {
      const [feedback, showFeedback] = useFeedback();
      return (
        <>
          <AddProgramFiles program={program} onMessage={showFeedback} />
          <Feedback feedback={feedback} />
        </>
      );
    }
    const Stub = createRoutesStub([{ path: "/programming", Component: Page, loader: () => ({}) }]);
    const view = await mount(<Stub initialEntries={["/programming"]} />);
    const fileInput = await until(() => view.host.querySelector<HTMLInputElement>('input[type="file"]'), "the slot");
    await chooseFiles(fileInput, [new File(["ID3 spot"], "spot.mp3", { type: "audio/mpeg" })]);
    await click(button(view.host, "Upload files"));
    await until(() => byRole(view.host, "status").length, "the message");
    expect(texts(byRole(view.host, "status"))).toEqual(["File added successfully!"]);
    expect(puts).toEqual([{ method: "PUT", url: "https://storage.test/put/up1", size: 8 }]);
    const ticket = sent.find((s) => s.url === "/api/uploads")!;
    expect(ticket.body).toMatchObject({ fileName: "spot.mp3", contentType: "audio/mpeg", size: 8 });
    expect(sent.map((s) => s.url)).toContain("/api/uploads/up1/complete");
  });
});
