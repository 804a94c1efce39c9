// The playlist's direct upload (seed 000 §5): the checks before anything is sent, in the seed's order,
// and a failed upload named by its file. Only the API (fetch) is stood in.
import { describe, expect, it } from "vitest";
import {
  answerFetch,
  button,
  byRole,
  chooseFiles,
  click,
  json,
  mount,
  texts,
  typeInto,
  until,
} from "../../../../tests/dom/support";
import {
  DUPLICATE_SLOTS,
  NO_FILES_TO_UPLOAD,
  RESOLVE_ERRORS,
  UPLOAD_SLOT_INVALID,
} from "../../../kernel/schemas/playlists";
import { DirectUpload } from "./DirectUpload";

const audio = (name: string) => new File([new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0])], name, { type: "audio/mpeg" });
const playlist = { id: "pl1", mediaType: "audio" as const, items: [] };

async function render() {
  const view = await mount(<DirectUpload projectId="p1" playlist={playlist} onUploaded={async () => {}} />);
  return view.host;
}

const alerts = (host: Element) => texts(byRole(host, "alert"));
const letterInputs = (host: Element) => [
  ...host.querySelectorAll<HTMLInputElement>('input[aria-label^="Slot letter"]'),
];

describe("DirectUpload", () => {
  it("says 'No files to upload.' when Upload is pressed with nothing chosen", async () => {
    const sent = answerFetch(() => json({}));
    const host = await render();
    await click(button(host, "Upload"));
    expect(alerts(host)).toEqual([NO_FILES_TO_UPLOAD]);
    expect(alerts(host)).toEqual(["No files to upload."]);
    expect(sent).toEqual([]);
  });

  it("marks a slot letter that is not one letter, and asks to resolve the errors before uploading", async () => {
    const sent = answerFetch(() => json({}));
    const host = await render();
    await chooseFiles(host.querySelector<HTMLInputElement>("input[type=file][multiple]")!, [audio("intro.mp3")]);
    await typeInto(letterInputs(host)[0]!, "1");
    expect(alerts(host)).toContain(UPLOAD_SLOT_INVALID);
    expect(alerts(host)).toContain("Slot position must be a single letter from a-z.");
    await click(button(host, "Upload"));
    expect(alerts(host)).toContain(RESOLVE_ERRORS);
    expect(alerts(host)).toContain("Please resolve all errors before uploading.");
    expect(sent).toEqual([]);
  });

  it("says 'Duplicate slot positions detected for non-empty slots.' for two files with one letter", async () => {
    const sent = answerFetch(() => json({}));
    const host = await render();
    await chooseFiles(host.querySelector<HTMLInputElement>("input[type=file][multiple]")!, [
      audio("one.mp3"),
      audio("two.mp3"),
    ]);
    const [first, second] = letterInputs(host);
    await typeInto(first!, "c");
    await typeInto(second!, "c");
    await click(button(host, "Upload"));
    expect(alerts(host)).toContain(DUPLICATE_SLOTS);
    expect(alerts(host)).toContain("Duplicate slot positions detected for non-empty slots.");
    expect(sent).toEqual([]);
  });

  it("names the file that failed: 'Failed to upload file: {name}' with the server's reason", async () => {
    const sent = answerFetch(({ url }) =>
      url === "/api/uploads"
        ? json({ error: { code: "invalid", message: "Storage is full." } }, 400)
        : json({ error: { message: "unexpected" } }, 500),
    );
    const host = await render();
    await chooseFiles(host.querySelector<HTMLInputElement>("input[type=file][multiple]")!, [audio("promo.mp3")]);
    await click(button(host, "Upload"));
    // The shared upload queue names the file and the reason in the file's own row; the form's alert counts.
    await until(() => host.textContent?.includes("Failed to upload file:"), "the failure");
    expect(host.textContent).toContain("Failed to upload file: promo.mp3 — Storage is full.");
    expect(alerts(host)).toContain("Failed to upload 1 file.");
    expect(sent.map((s) => `${s.method} ${s.url}`)).toContain("POST /api/uploads");
  });
});
