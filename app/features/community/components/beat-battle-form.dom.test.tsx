// The beat battle entry form's 'Submission failed.' (seed 001 §8), with the reason beside it: the
// entry is refused before any file goes up (already entered in another tab), and an upload the
// server refuses names its file. React Router's stub for the page; only the API is stood in.
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { answerFetch, chooseFiles, json, mount, submit, typeInto, until } from "../../../../tests/dom/support";
import { SUBMISSION_FAILED } from "../../../kernel/schemas/beatbattle";
import { BeatBattleForm } from "./BeatBattleForm";

const battle = {
  id: "b1",
  title: "Winter battle",
  deadline: "2026-12-31T23:00:00.000Z",
  prize: "",
  open: true,
  revealed: false,
};

async function fillEntry() {
  const Stub = createRoutesStub([
    { path: "/beatbattle", Component: () => <BeatBattleForm battle={battle} signedIn /> },
  ]);
  const view = await mount(<Stub initialEntries={["/beatbattle"]} />);
  const host = view.host;
  await typeInto(host.querySelector<HTMLInputElement>('[name="projectTitle"]')!, "Night Drive");
  await typeInto(host.querySelector<HTMLInputElement>('[name="producerName"]')!, "DJ Test");
  const [audioInput, coverInput] = host.querySelectorAll<HTMLInputElement>('input[type="file"]');
  await chooseFiles(audioInput!, [new File(["ID3 beat"], "night.mp3", { type: "audio/mpeg" })]);
  await chooseFiles(coverInput!, [new File(["PNG"], "cover.png", { type: "image/png" })]);
  await until(() => host.textContent?.includes("night.mp3") && host.textContent?.includes("cover.png"), "the files");
  return host;
}

const resultLines = (host: Element) =>
  [...host.querySelectorAll('[role="alert"].error p')].map((p) => p.textContent?.trim());

describe("BeatBattleForm", () => {
  it("says 'Submission failed.' with the reason when the member has entered meanwhile, sending no file", async () => {
    const sent = answerFetch(({ url }) =>
      url === "/api/beat-battle" ? json({ battle, entered: true }) : json({ error: { message: "unexpected" } }, 500),
    );
    const host = await fillEntry();
    await submit(host.querySelector("form")!);
    await until(() => resultLines(host).length, "the result");
    expect(resultLines(host)[0]).toBe(SUBMISSION_FAILED);
    expect(resultLines(host)[0]).toBe("Submission failed.");
    expect(resultLines(host)[1]).toMatch(/already/i);
    expect(sent.map((s) => s.url)).toEqual(["/api/beat-battle"]);
  });

  it("says 'Submission failed.' and names the file the server refused", async () => {
    answerFetch(({ url }) =>
      url === "/api/beat-battle"
        ? json({ battle, entered: false })
        : json({ error: { code: "invalid", message: "File type is not allowed." } }, 400),
    );
    const host = await fillEntry();
    await submit(host.querySelector("form")!);
    await until(() => resultLines(host).length, "the result");
    expect(resultLines(host)).toEqual([SUBMISSION_FAILED, "night.mp3: File type is not allowed."]);
  });
});
