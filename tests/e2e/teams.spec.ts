// Team collaboration and document signing (issue 34) in real browsers, one context per person:
// the owner invites an editor and a viewer from the project page, and shares a program with both
// from the program's team page; each joins from the e-mailed links; the editor uploads and applies
// the program to the project's playlist on /programming; the viewer can play but not change
// anything (no upload slots, no 'Choose files', no apply target, no program controls; 403 from the
// API); the owner asks a guest to sign a PDF, the guest signs from the e-mailed link without an
// account, both get the signed PDF by e-mail, and the verification page says the copy is valid and
// a modified copy is not.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join as joinPath } from "node:path";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { origin, PNG, shootThemes, signUpByApi, unique, uploadByApi } from "./fixtures";
import { makeTone } from "./media";

test.setTimeout(360_000);

interface Person {
  page: Page;
  email: string;
  name: string;
}

/** A new account, signed up through the API in its own browser context. */
async function person(browser: Browser, label: string): Promise<Person> {
  const { page, form } = await signUpByApi(browser, label);
  return { page, email: form.email, name: form.name };
}

/** The first match of `pattern` in the newest e-mail to `to` whose body has it. */
async function mailed(request: APIRequestContext, to: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const { messages } = (await (await request.get("/api/dev/mail")).json()) as {
        messages: { to: string; body: string; subject: string }[];
      };
      found = messages
        .filter((m) => m.to === to)
        .find((m) => pattern.test(m.body))
        ?.body.match(pattern)?.[1];
      return found;
    })
    .toBeTruthy();
  return found!;
}

async function pdf(pages: number) {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([300, 300]).drawText(`Guest release, page ${i + 1}`, { x: 20, y: 150 });
  return Buffer.from(await doc.save());
}

async function join(
  member: Person,
  owner: Person,
  role: "editor" | "viewer",
  landing: RegExp,
  kind: "project" | "program" | "show" = "project",
) {
  const token = await mailed(owner.page.request, member.email, /\/invitations\/([A-Za-z0-9_-]+)/);
  await member.page.goto(`/invitations/${token}`);
  await expect(member.page.getByText(`invited ${member.email}`)).toBeVisible();
  await expect(member.page.getByText(role, { exact: true })).toBeVisible();
  await member.page.getByRole("button", { name: `Join ${kind}` }).click();
  await expect(member.page).toHaveURL(landing);
}

/** The Team panel of a project or program page: invite `member` as `role`. */
async function inviteFrom(page: Page, member: Person, role: "editor" | "viewer") {
  const team = page.locator("section", { has: page.getByRole("heading", { name: "Team" }) });
  await team.getByLabel("E-mail").fill(member.email);
  await team.getByLabel("Role").selectOption(role);
  await team.getByRole("button", { name: "Invite" }).click();
  await expect(team.getByText("Invitation sent.")).toBeVisible();
}

let dir: string;
test.beforeAll(() => {
  dir = mkdtempSync(joinPath(tmpdir(), "teams-e2e-"));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("an owner shares a project with an editor and a viewer, and a guest signs a release", async ({ browser }) => {
  const owner = await person(browser, "owner");
  const editor = await person(browser, "editor");
  const viewer = await person(browser, "viewer");
  const guestEmail = `${unique("guest")}@example.com`;

  const created = await uploadByApi(
    owner.page.request,
    {
      purpose: "project-file",
      projectTitle: "Team_Episode",
      fileName: "guest-release.pdf",
      contentType: "application/pdf",
    },
    await pdf(2),
  );
  const projectUrl = new RegExp(`/projects/${created.projectId}$`);
  const headers = { origin: origin() };

  // An interview in slot b of the project's playlist, and the owner's program with a spot for slot b.
  const interview = await uploadByApi(
    owner.page.request,
    { purpose: "project-file", projectId: created.projectId, fileName: "interview.mp3", contentType: "audio/mpeg" },
    readFileSync(makeTone(dir, "interview.mp3", 3, 330)),
  );
  expect(
    (
      await owner.page.request.put(`/api/files/${interview.fileId}/slot`, { data: { slotPosition: "b" }, headers })
    ).ok(),
  ).toBe(true);
  const added = await owner.page.request.post(`/api/projects/${created.projectId}/playlist/items`, {
    data: { fileIds: [interview.fileId] },
    headers,
  });
  expect(added.status(), await added.text()).toBe(201);
  const madeProgram = await owner.page.request.post("/api/programs", { data: { title: "Spring_spots" }, headers });
  expect(madeProgram.status()).toBe(201);
  const programId = (await madeProgram.json()).program.id as string;
  await uploadByApi(
    owner.page.request,
    { purpose: "program-file", programId, slotPosition: "b", fileName: "spring-spot.mp3", contentType: "audio/mpeg" },
    readFileSync(makeTone(dir, "spring-spot.mp3", 2, 990)),
  );

  await owner.page.goto(`/projects/${created.projectId}`);

  // The owner invites both from the Team panel.
  const team = owner.page.locator("section", { has: owner.page.getByRole("heading", { name: "Team" }) });
  for (const [member, role] of [
    [editor, "editor"],
    [viewer, "viewer"],
  ] as const) {
    await team.getByLabel("E-mail").fill(member.email);
    await team.getByLabel("Role").selectOption(role);
    await team.getByRole("button", { name: "Invite" }).click();
    await expect(team.getByText("Invitation sent.")).toBeVisible();
  }
  await team.getByLabel("E-mail").fill("not-an-email");
  await team.getByRole("button", { name: "Invite" }).click();
  await expect(team.getByText("Invalid email format.")).toBeVisible();

  await join(editor, owner, "editor", projectUrl);
  await join(viewer, owner, "viewer", projectUrl);

  // The owner shares the program from its team page: /programming's "Manage team".
  await owner.page.goto("/programming");
  await expect(owner.page.getByRole("link", { name: "Manage team", includeHidden: true })).toHaveAttribute(
    "href",
    `/programming/${programId}/team`,
  );
  await owner.page.goto(`/programming/${programId}/team`);
  await expect(owner.page.getByRole("heading", { name: "Team of Spring spots" })).toBeVisible();
  await inviteFrom(owner.page, editor, "viewer");
  await inviteFrom(owner.page, viewer, "viewer");
  await join(editor, owner, "viewer", /\/programming$/, "program");
  await join(viewer, owner, "viewer", /\/programming$/, "program");
  await owner.page.reload();
  const programTeam = owner.page.locator("section", { has: owner.page.getByRole("heading", { name: "Team" }) });
  await expect(programTeam.getByText(editor.email)).toBeVisible();
  await expect(programTeam.getByText(viewer.email)).toBeVisible();

  // Both find it on Home under "Shared with me".
  for (const member of [editor, viewer]) {
    await member.page.goto("/authenticated");
    const shared = member.page.locator("section", {
      has: member.page.getByRole("heading", { name: "Shared with me" }),
    });
    await expect(shared.getByRole("link", { name: /Team Episode/ })).toBeVisible();
  }

  // The editor uploads through the page's drop zone; the activity says who.
  await editor.page.goto(`/projects/${created.projectId}`);
  await editor.page
    .getByLabel("Files to upload")
    .first()
    .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG });
  await editor.page.getByRole("button", { name: "Upload", exact: true }).first().click();
  await expect(editor.page.getByText("Upload successful!")).toBeVisible({ timeout: 30_000 });
  const fileList = editor.page.locator("section", {
    has: editor.page.getByRole("heading", { name: "Files", exact: true }),
  });
  await expect(fileList.locator(".file-name", { hasText: "cover.png" })).toBeVisible();
  await editor.page.reload();
  // Team, Signatures and Activity are tabs of the project workspace.
  await editor.page.getByRole("tab", { name: "Activity" }).click();
  const activity = editor.page.locator("section", { has: editor.page.getByRole("heading", { name: "Activity" }) });
  await expect(
    activity.getByRole("listitem").filter({ hasText: editor.name }).filter({ hasText: "cover.png" }),
  ).toContainText("uploaded");
  await expect(editor.page.getByRole("button", { name: "Delete project" })).toHaveCount(0);

  // The editor applies the shared program to the shared project's playlist on /programming.
  await editor.page.goto("/programming");
  await editor.page.getByLabel("Program", { exact: true }).selectOption({ label: "Spring spots (b)" });
  const playlistPicker = editor.page.getByRole("group", { name: "Playlists" });
  await playlistPicker.getByRole("checkbox", { name: "Team Episode" }).check();
  await editor.page.getByRole("button", { name: "Apply Program" }).click();
  await expect(editor.page.getByText("Program successfully applied to selected playlists!")).toBeVisible();
  await editor.page.goto(`/projects/${created.projectId}`);
  await expect(editor.page.locator("li.playlist-slot").filter({ hasText: "spring spot.mp3" })).toBeVisible();
  await editor.page.getByRole("tab", { name: "Activity" }).click();
  await expect(
    activity.getByRole("listitem").filter({ hasText: editor.name }).filter({ hasText: "applied a program" }),
  ).toBeVisible();

  // The viewer sees everything, can change nothing: no drop zone, disabled controls, 403 from the API.
  await viewer.page.goto(`/projects/${created.projectId}`);
  await expect(viewer.page.getByText(/You are a viewer of this project/)).toBeVisible();
  await expect(viewer.page.getByLabel("Files to upload")).toHaveCount(0);
  await expect(viewer.page.getByRole("tab", { name: "Team" })).toHaveAttribute("aria-selected", "true");
  await expect(viewer.page.getByRole("heading", { name: "Team", exact: true })).toBeAttached();
  await expect(viewer.page.getByRole("button", { name: "Invite" })).toHaveCount(0);
  await viewer.page.getByRole("tab", { name: /^Signatures/ }).click();
  await expect(viewer.page.getByRole("heading", { name: "Signatures", exact: true })).toBeAttached();
  await expect(viewer.page.getByRole("button", { name: "Request signatures" })).toHaveCount(0);
  await expect(viewer.page.getByRole("button", { name: "Delete project" })).toHaveCount(0);
  await expect(viewer.page.getByText("cover.png").first()).toBeVisible();
  // Nothing to choose files with: no file input anywhere, no 'Choose files'.
  await expect(viewer.page.getByText("Choose files")).toHaveCount(0);
  await expect(viewer.page.locator('input[type="file"]')).toHaveCount(0);
  await expect(viewer.page.locator("li.playlist-slot").filter({ hasText: "spring spot.mp3" })).toBeVisible();
  // The viewer plays the interview from its page.
  await viewer.page.getByRole("link", { name: "Open interview.mp3" }).click();
  await expect(viewer.page.getByRole("heading", { name: "interview.mp3" })).toBeVisible();
  const player = viewer.page.locator("audio");
  await player.evaluate((element: HTMLAudioElement) => element.play());
  await expect.poll(() => player.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThan(0.2);
  await player.evaluate((element: HTMLAudioElement) => element.pause());
  await expect(viewer.page.getByRole("button", { name: /Delete/ })).toHaveCount(0);
  // On /programming: the program is there to see, with no controls that change it, and the shared
  // project is not offered as a playlist to apply it to.
  await viewer.page.goto("/programming");
  await expect(viewer.page.getByText("shared with you · viewer").first()).toBeVisible();
  await expect(viewer.page.getByRole("button", { name: "Delete program" })).toHaveCount(0);
  await expect(viewer.page.getByRole("checkbox", { name: "Team Episode" })).toHaveCount(0);
  const refusedApply = await viewer.page.request.post("/api/program-applications", {
    data: {
      programId,
      playlistIds: [(await (await viewer.page.request.get(`/api/projects/${created.projectId}/playlist`)).json()).id],
    },
    headers,
  });
  expect(refusedApply.status()).toBe(403);
  const refusedInvite = await viewer.page.request.post(`/api/programs/${programId}/invitations`, {
    data: { email: "someone@example.com", role: "viewer" },
    headers,
  });
  expect(refusedInvite.status()).toBe(403);
  await viewer.page.goto(`/programming/${programId}/team`);
  await expect(viewer.page.getByText("Only the program's owners can invite people.")).toBeVisible();
  await expect(viewer.page.getByRole("button", { name: "Invite" })).toHaveCount(0);
  await viewer.page.goto(`/projects/${created.projectId}`);
  const refused = await viewer.page.request.post(`/api/projects/${created.projectId}/playlist/items`, {
    data: { fileIds: [created.fileId] },
    headers: { origin: origin() },
  });
  expect(refused.status()).toBe(403);
  const download = await viewer.page.request.post(`/api/files/${created.fileId}/download`, {
    headers: { origin: origin() },
  });
  expect(download.status()).toBe(200);

  // The owner asks a guest to sign the PDF.
  await owner.page.goto(`/projects/${created.projectId}`);
  await owner.page.getByRole("tab", { name: /^Signatures/ }).click();
  const signing = owner.page.locator("section", { has: owner.page.getByRole("heading", { name: "Signatures" }) });
  await signing.getByLabel("PDF to sign").selectOption({ label: "guest-release.pdf" });
  await signing.getByLabel("Signers' e-mails").fill(guestEmail);
  await signing.getByRole("button", { name: "Request signatures" }).click();
  await expect(signing.getByText("Signature request sent.")).toBeVisible();
  await expect(signing.getByText("sent", { exact: true }).first()).toBeVisible();

  // The guest signs from the e-mailed link, with no account.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const token = await mailed(owner.page.request, guestEmail, /\/sign\/([A-Za-z0-9_-]+)/);
  await guest.goto(`/sign/${token}`);
  await expect(guest.getByRole("heading", { name: "guest-release" })).toBeVisible();
  await guest.getByRole("button", { name: "Sign the document" }).click();
  // The message sits at the field it is about (and in the summary on top).
  await expect(guest.getByLabel("Full name")).toHaveAccessibleDescription("Type your full name.");
  await guest.getByLabel("Full name").fill("Grace Guest");
  await guest.getByLabel(/I agree to sign this document electronically/).check();
  await guest.getByRole("button", { name: "Sign the document" }).click();
  await expect(guest.getByText("Thank you: your signature is recorded.")).toBeVisible();
  await expect(guest.getByRole("link", { name: "Download the signed PDF" })).toBeVisible();

  // Both receive the signed PDF by e-mail.
  const verifyPath = await mailed(owner.page.request, guestEmail, /(\/verify\/[A-Za-z0-9_-]+)/);
  await mailed(owner.page.request, owner.email, /(\/bigfile\/[0-9a-f-]+)/);

  // The signed copy checks out at the verification page; a modified copy does not.
  const signedUrl = await guest.getByRole("link", { name: "Download the signed PDF" }).getAttribute("href");
  const signedBytes = Buffer.from(await (await guest.request.get(signedUrl!)).body());
  expect(signedBytes.subarray(0, 5).toString()).toBe("%PDF-");
  expect((await PDFDocument.load(signedBytes)).getPageCount()).toBe(3);
  await guest.goto(verifyPath);
  await expect(guest.getByText("Valid: everyone signed this document.")).toBeVisible();
  await expect(guest.getByText(/Grace Guest/)).toBeVisible();
  const picker = guest.getByLabel(/Choose the PDF you were given/);
  await picker.setInputFiles({ name: "signed.pdf", mimeType: "application/pdf", buffer: signedBytes });
  await expect(guest.getByText("This copy matches the signed document: it has not been changed.")).toBeVisible();
  const modified = Buffer.from(signedBytes);
  modified[modified.length - 30] ^= 1;
  await picker.setInputFiles({ name: "modified.pdf", mimeType: "application/pdf", buffer: modified });
  await expect(guest.getByText(/This copy does NOT match the signed document/)).toBeVisible();

  // The link reused after signing changes nothing and says so.
  await guest.goto(`/sign/${token}`);
  await expect(guest.getByText("You have already signed this document.")).toBeVisible();
  await expect(guest.getByRole("button", { name: "Sign the document" })).toHaveCount(0);

  // The project page shows the request as signed.
  await owner.page.reload();
  await owner.page.getByRole("tab", { name: /^Signatures/ }).click();
  await expect(signing.getByText("signed", { exact: true }).first()).toBeVisible();
  for (const width of [390, 1280]) {
    await owner.page.setViewportSize({ width, height: 900 });
    await owner.page.screenshot({ path: `test-results/teams-project-${width}.png`, fullPage: true });
  }
  await viewer.page.screenshot({ path: "test-results/teams-viewer.png", fullPage: true });
  await owner.page.goto(`/programming/${programId}/team`);
  for (const width of [390, 1280]) {
    await owner.page.setViewportSize({ width, height: 900 });
    await owner.page.screenshot({ path: `test-results/teams-program-${width}.png`, fullPage: true });
  }
  await guest.goto(`/sign/${token}`);
  await guest.setViewportSize({ width: 390, height: 900 });
  await guest.goto(verifyPath);
  await guest.screenshot({ path: "test-results/teams-verify-390.png", fullPage: true });
});

test("an owner shares a show with an editor and a viewer; the editor publishes, the viewer sees and plays but changes nothing", async ({
  browser,
}) => {
  const owner = await person(browser, "showowner");
  const editor = await person(browser, "showeditor");
  const viewer = await person(browser, "showviewer");
  const headers = { origin: origin() };

  // The owner's project with an interview in its playlist, shared with the editor (who publishes
  // it) and the viewer (who plays it from the playlist row).
  const interview = await uploadByApi(
    owner.page.request,
    { purpose: "project-file", projectTitle: "Show_Episode", fileName: "interview.mp3", contentType: "audio/mpeg" },
    readFileSync(makeTone(dir, "show-interview.mp3", 3, 440)),
  );
  const projectId = interview.projectId!;
  const added = await owner.page.request.post(`/api/projects/${projectId}/playlist/items`, {
    data: { fileIds: [interview.fileId] },
    headers,
  });
  expect(added.status(), await added.text()).toBe(201);
  for (const [member, role] of [
    [editor, "editor"],
    [viewer, "viewer"],
  ] as const) {
    const invited = await owner.page.request.post(`/api/projects/${projectId}/invitations`, {
      data: { email: member.email, role },
      headers,
    });
    expect(invited.status(), await invited.text()).toBe(201);
    const token = await mailed(owner.page.request, member.email, /\/invitations\/([A-Za-z0-9_-]+)/);
    const accepted = await member.page.request.post(`/api/invitations/${token}/accept`, { headers });
    expect(accepted.status(), await accepted.text()).toBe(200);
  }

  // The owner creates the show on /shows and shares it from its team page.
  const slug = unique("team-show").toLowerCase().replaceAll("_", "-");
  await owner.page.goto("/shows");
  const create = owner.page.locator("section", { has: owner.page.getByRole("heading", { name: "New show" }) });
  await create.getByLabel("Title").fill("Team Talk");
  await create.getByLabel("Address").fill(slug);
  await create.getByLabel("Author").fill("The Owner");
  await create.getByLabel("Category").selectOption("Leisure");
  await create.getByLabel("Description").fill("A show made by a team.");
  await create.getByRole("button", { name: "Create show" }).click();
  // Straight to the new show's manager, whose empty state leads to the first episode.
  await expect(owner.page).toHaveURL(new RegExp(`/shows/${slug}/manage\\?created=1$`));
  await expect(owner.page.getByRole("status").filter({ hasText: "Show created: Team Talk." })).toBeVisible();
  await expect(owner.page.getByText("Publish your first episode").first()).toBeVisible();
  await owner.page.goto(`/shows/${slug}/team`);
  await expect(owner.page.getByRole("heading", { name: "Team of Team Talk" })).toBeVisible();
  await inviteFrom(owner.page, editor, "editor");
  await inviteFrom(owner.page, viewer, "viewer");
  const manageUrl = new RegExp(`/shows/${slug}/manage$`);
  await join(editor, owner, "editor", manageUrl, "show");
  await join(viewer, owner, "viewer", manageUrl, "show");
  await owner.page.reload();
  const team = owner.page.locator("section", { has: owner.page.getByRole("heading", { name: "Team", exact: true }) });
  await expect(team.getByText(editor.email)).toBeVisible();
  await expect(team.getByText(viewer.email)).toBeVisible();
  await shootThemes(owner.page, "teams-show-team");

  // Both find it on their Shows page, with their role.
  await viewer.page.goto("/shows");
  await expect(viewer.page.getByRole("link", { name: "Team Talk" })).toBeVisible();
  await expect(viewer.page.getByText(`shared by ${owner.name}`)).toBeVisible();

  // The editor publishes the shared project's playlist as an episode of the owner's show.
  await editor.page.goto(`/shows/${slug}/manage`);
  const publish = editor.page.locator("section", {
    has: editor.page.getByRole("heading", { name: "Publish a playlist as an episode" }),
  });
  await publish.getByLabel("Playlist").selectOption({ label: "Show Episode" });
  await publish.getByLabel("Title").fill("Episode one");
  await publish.getByLabel("Description").fill("Our first conversation.");
  await publish.getByRole("button", { name: "Publish episode" }).click();
  await expect(editor.page.getByText("Episode published.")).toBeVisible();
  await expect(editor.page.getByRole("button", { name: "Unpublish" })).toBeVisible();

  // The viewer sees the episode and its stats, and has nothing to change.
  await viewer.page.goto(`/shows/${slug}/manage`);
  await expect(viewer.page.getByText(/You are a viewer of this show/)).toBeVisible();
  const episodeLink = viewer.page.getByRole("link", { name: "Episode one" });
  await expect(episodeLink).toBeVisible();
  const episodeId = (await episodeLink.getAttribute("href"))!.split("/").at(-1)!;
  for (const label of ["Publish episode", "Unpublish", "Delete", "Save show"])
    await expect(viewer.page.getByRole("button", { name: label })).toHaveCount(0);
  await expect(viewer.page.locator('input[type="file"]')).toHaveCount(0);
  await shootThemes(viewer.page, "teams-show-manage-viewer");
  await viewer.page.getByRole("link", { name: "Stats" }).click();
  await expect(viewer.page.getByRole("heading", { name: "Downloads of Team Talk" })).toBeVisible();
  await expect(viewer.page.locator('select[name="episode"] option', { hasText: "Episode one" })).toHaveCount(1);
  await viewer.page.goto(`/shows/${slug}/team`);
  await expect(viewer.page.getByText("Only the show's owners can invite people.")).toBeVisible();
  await expect(viewer.page.getByRole("button", { name: "Invite" })).toHaveCount(0);

  // The API answers 403 to the viewer's writes, and the episode is unchanged.
  const showId = (
    (await (await viewer.page.request.get("/api/shows")).json()) as { shows: { id: string; slug: string }[] }
  ).shows.find((s) => s.slug === slug)!.id;
  const writes = [
    viewer.page.request.patch(`/api/show-episodes/${episodeId}`, {
      data: { title: "Renamed", description: "x" },
      headers,
    }),
    viewer.page.request.put(`/api/show-episodes/${episodeId}/published`, { data: { published: false }, headers }),
    viewer.page.request.delete(`/api/show-episodes/${episodeId}`, { headers }),
    viewer.page.request.put(`/api/shows/${showId}`, {
      data: {
        title: "Taken over",
        slug,
        description: "x",
        author: "V",
        category: "Leisure",
        language: "en",
        explicit: false,
      },
      headers,
    }),
    viewer.page.request.post(`/api/shows/${showId}/invitations`, {
      data: { email: "someone@example.com", role: "viewer" },
      headers,
    }),
  ];
  for (const response of await Promise.all(writes)) expect(response.status(), response.url()).toBe(403);
  await viewer.page.goto(`/shows/${slug}/manage`);
  await expect(viewer.page.getByRole("link", { name: "Episode one" })).toBeVisible();

  // The viewer plays the interview from its playlist row; the row offers nothing to change.
  await viewer.page.goto(`/projects/${projectId}`);
  const row = viewer.page.locator("li.playlist-slot").filter({ hasText: "interview.mp3" });
  await expect(row).toBeVisible();
  await expect(row.getByRole("button", { name: /^Move interview\.mp3/ })).toHaveCount(0);
  await expect(row.getByLabel(/Slot letter/)).toHaveCount(0);
  await expect(viewer.page.getByRole("button", { name: "Save Order" })).toHaveCount(0);
  await expect(viewer.page.getByRole("button", { name: "Add to playlist" })).toHaveCount(0);
  await row.getByRole("button", { name: "Play interview.mp3" }).click();
  const player = row.locator("audio");
  await expect(player).toHaveCount(1);
  await player.evaluate((element: HTMLAudioElement) => element.play());
  await expect.poll(() => player.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThan(0.2);
  await player.evaluate((element: HTMLAudioElement) => element.pause());
  await shootThemes(viewer.page, "teams-project-viewer");
});
