// Adding files to a program (seed 000 §8 'File added successfully!'): the whole upload protocol runs
// (ticket, PUT of the bytes, complete), with the API and the storage PUT stood in.
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import {
  answerFetch,
  button,
  byRole,
  chooseFiles,
  click,
  json,
  mount,
  stubStorageUploads,
  texts,
  until,
} from "../../../../tests/dom/support";
import { Feedback, useFeedback } from "../../../components/Feedback";
import { AddProgramFiles } from "./ProgramFiles";
import type { ProgramView } from "./types";

describe("AddProgramFiles", () => {
  it("uploads the chosen file and says 'File added successfully!'", async () => {
    const { puts } = stubStorageUploads();
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
