// Team collaboration and document signing (issue 34) in real browsers, one context per person:
// the owner invites an editor and a viewer from the project page; each joins from the e-mailed
// link; the editor uploads, the viewer can play but not change anything (UI and API); the owner
// asks a guest to sign a PDF, the guest signs from the e-mailed link without an account, both get
// the signed PDF by e-mail, and the verification page says the copy is valid and a modified copy is not.
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { origin, PNG, unique, uploadByApi } from "./fixtures";

test.setTimeout(180_000);

interface Person {
  page: Page;
  email: string;
  name: string;
}

/** A new account, signed up through the API in its own browser context (the code read from the dev outbox). */
async function person(browser: Browser, label: string): Promise<Person> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const tag = unique(label);
  const form = {
    name: `${label} ${tag.slice(-5)}`,
    username: tag,
    email: `${tag}@example.com`,
    password: "correct horse battery",
    passwordA: "correct horse battery",
  };
  const headers = { origin: origin() };
  const started = await page.request.post("/api/signup", { data: form, headers });
  expect(started.status(), await started.text()).toBe(202);
  const { signupId } = await started.json();
  const code = await mailed(page.request, form.email, /Your verification code is (\d{6})/);
  const verified = await page.request.post("/api/signup/verify", { data: { signupId, code }, headers });
  expect(verified.status(), await verified.text()).toBe(201);
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

async function join(member: Person, owner: Person, role: "editor" | "viewer", projectUrl: RegExp) {
  const token = await mailed(owner.page.request, member.email, /\/invitations\/([A-Za-z0-9_-]+)/);
  await member.page.goto(`/invitations/${token}`);
  await expect(member.page.getByText(`invited ${member.email}`)).toBeVisible();
  await expect(member.page.getByText(role, { exact: true })).toBeVisible();
  await member.page.getByRole("button", { name: "Join project" }).click();
  await expect(member.page).toHaveURL(projectUrl);
}

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
  await expect(fileList.getByText("cover.png")).toBeVisible();
  await editor.page.reload();
  const activity = editor.page.locator("section", { has: editor.page.getByRole("heading", { name: "Activity" }) });
  await expect(
    activity.getByRole("listitem").filter({ hasText: editor.name }).filter({ hasText: "cover.png" }),
  ).toContainText("uploaded");
  await expect(editor.page.getByRole("button", { name: "Delete project" })).toHaveCount(0);

  // The viewer sees everything, can change nothing: no drop zone, disabled controls, 403 from the API.
  await viewer.page.goto(`/projects/${created.projectId}`);
  await expect(viewer.page.getByText(/You are a viewer of this project/)).toBeVisible();
  await expect(viewer.page.getByLabel("Files to upload")).toHaveCount(0);
  await expect(viewer.page.getByRole("button", { name: "Invite" })).toHaveCount(0);
  await expect(viewer.page.getByRole("button", { name: "Request signatures" })).toHaveCount(0);
  await expect(viewer.page.getByRole("button", { name: "Delete project" })).toHaveCount(0);
  await expect(viewer.page.getByText("cover.png").first()).toBeVisible();
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
  await owner.page.reload();
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
  await expect(guest.getByText("Type your full name.")).toBeVisible();
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
  await expect(signing.getByText("signed", { exact: true }).first()).toBeVisible();
  for (const width of [390, 1280]) {
    await owner.page.setViewportSize({ width, height: 900 });
    await owner.page.screenshot({ path: `test-results/teams-project-${width}.png`, fullPage: true });
  }
  await viewer.page.screenshot({ path: "test-results/teams-viewer.png", fullPage: true });
  await guest.goto(`/sign/${token}`);
  await guest.setViewportSize({ width: 390, height: 900 });
  await guest.goto(verifyPath);
  await guest.screenshot({ path: "test-results/teams-verify-390.png", fullPage: true });
});
