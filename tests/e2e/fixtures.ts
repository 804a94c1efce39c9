// Shared helpers for the browser tests.
import {
  type APIRequestContext,
  type Browser,
  type Dialog,
  expect,
  type Locator,
  type Page,
  test,
} from "@playwright/test";

export const ADMIN = { email: "support@creatorplatform.app", password: "admin-dev-password", name: "Support" };
export const MEMBER = { email: "demo@creatorplatform.app", password: "demo-password", name: "Demo Member" };

/** A value unique to this run and call, for e-mails and user names. */
export function unique(prefix = "e2e") {
  return `${prefix}${Date.now()}${Math.floor(Math.random() * 1000)}`;
}

/** The public bar's links (the audience's pages, ADR 117): Auction, Battle, Episodes, Fundraiser, Services. */
export function mainNav(page: Page) {
  return page.locator("nav[aria-label=Main]");
}

/** The workspace sidebar (a member at work, ADR 117): Create, Publish, Sell, Community (and Admin). */
export function workspaceNav(page: Page) {
  return page.getByRole("navigation", { name: "Workspace" });
}

/**
 * Answers the app's confirmation dialog (role=alertdialog, never a native `confirm`): checks that it
 * asks `question`, then presses `button` (the action's own word, or "Cancel").
 */
export async function answerConfirm(page: Page, question: string, button: string) {
  const dialog = page.getByRole("alertdialog", { name: question });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: button, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

/** A result shown as a toast (role=status). */
export function toast(page: Page, text: string) {
  return page.getByRole("status").filter({ hasText: text }).first();
}

/** The header's account menu (Settings, Purchases, Log Out), a disclosure behind the member's initial. */
export function accountMenu(page: Page) {
  return page.locator("details.account-menu");
}

/** Opens the account menu and presses Log Out (works with and without script). */
export async function logOut(page: Page) {
  const menu = accountMenu(page);
  if ((await menu.getAttribute("open")) === null) await menu.locator("summary").click();
  await menu.getByRole("button", { name: "Log Out" }).click();
}

let clients = 0;
const RUN = Math.floor(Math.random() * 0xffff).toString(16);

/**
 * An address of its own for one simulated person (IPv6 documentation range), sent as
 * `cf-connecting-ip` as Cloudflare would. Sign-ins (50 per client in a fixed 15-minute window) and
 * sign-ups are limited per client address, and the suite signs people in far more often than one
 * real address would: from one shared address, a fast run crossed the limit and every later
 * sign-in was refused until the window turned.
 */
export function clientAddress() {
  clients += 1;
  return `2001:db8:${RUN}:${process.pid.toString(16)}::${clients.toString(16)}`;
}

/** The headers of a browser context that stands for one person at their own address. */
export const ownAddress = () => ({ extraHTTPHeaders: { "cf-connecting-ip": clientAddress() } });

/** Fills the /signin form and submits it (the page must already show it). */
export async function submitSignin(page: Page, email: string, password: string) {
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Submit" }).click();
}

/** Signs in through /signin and waits until the session is visible in the header. */
export async function login(page: Page, email: string, password: string) {
  await page.setExtraHTTPHeaders(ownAddress().extraHTTPHeaders);
  await page.goto("/signin");
  await submitSignin(page, email, password);
  await expect(page).toHaveURL(/\/authenticated$/);
  await expect(page.locator(".site-header .welcome")).toHaveText(/^Welcome, /);
}

/** A browser context of its own, signed in through /signin as `who`. */
export async function signedIn(browser: Browser, who: { email: string; password: string }) {
  const context = await browser.newContext(ownAddress());
  const page = await context.newPage();
  await login(page, who.email, who.password);
  return { context, page };
}

/**
 * A new account signed up through the API (the code read from the dev outbox) in a browser
 * context of its own, which its session then holds. `label` starts the user name.
 */
export async function signUpByApi(browser: Browser, label: string) {
  const context = await browser.newContext(ownAddress());
  const page = await context.newPage();
  const tag = unique(label);
  const form = {
    name: `${label} ${tag.slice(-5)}`,
    username: tag,
    email: `${tag}@example.com`,
    password: "correct-horse-battery",
    passwordA: "correct-horse-battery",
  };
  const headers = { origin: origin() };
  const started = await page.request.post("/api/signup", { data: form, headers });
  expect(started.status(), await started.text()).toBe(202);
  const { signupId } = (await started.json()) as { signupId: string };
  const code = await readVerificationCode(page, form.email);
  const verified = await page.request.post("/api/signup/verify", { data: { signupId, code }, headers });
  expect(verified.status(), await verified.text()).toBe(201);
  return { context, page, form };
}

/**
 * Reads the newest verification code sent to `email` from the dev outbox
 * (/dev/mail), in a second page of the same browser context.
 */
export async function readVerificationCode(page: Page, email: string): Promise<string> {
  const outbox = await page.context().newPage();
  try {
    const mail = outbox
      .locator("li.mail")
      .filter({ has: outbox.locator(".mail-to", { hasText: email }) })
      .first();
    // The outbox is a plain page: under load the mail may land after it was read, so read it again.
    await expect(async () => {
      await outbox.goto("/dev/mail");
      await expect(mail).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(mail.locator(".mail-to")).toHaveText(email);
    const body = await mail.locator(".mail-body").innerText();
    const match = body.match(/Your verification code is (\d{6})\./);
    if (!match) throw new Error(`no verification code in the e-mail to ${email}: ${body}`);
    return match[1]!;
  } finally {
    await outbox.close();
  }
}

/** A valid 1×1 PNG. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** The app's origin, sent as `Origin` so API writes pass the cross-origin check. */
export function origin() {
  return new URL(test.info().project.use.baseURL ?? "http://localhost:5174").origin;
}

/**
 * Uploads a small file through the one upload protocol (sign, PUT, complete) with the
 * request context's session, and returns the complete() answer.
 */
export async function uploadByApi(
  request: APIRequestContext,
  ticketRequest: Record<string, unknown> & { fileName: string; contentType: string },
  bytes: Buffer = PNG,
): Promise<Record<string, string | undefined> & { key: string }> {
  const headers = { origin: origin() };
  const signed = await request.post("/api/uploads", { data: { ...ticketRequest, size: bytes.byteLength }, headers });
  expect(signed.status(), await signed.text()).toBe(201);
  const ticket = (await signed.json()) as {
    uploadId: string;
    key: string;
    put: { url: string; method?: string; headers?: Record<string, string> };
  };
  const put = await request.fetch(ticket.put.url, {
    method: ticket.put.method || "PUT",
    data: bytes,
    headers: ticket.put.headers,
  });
  expect(put.ok(), await put.text()).toBe(true);
  const done = await request.post(`/api/uploads/${ticket.uploadId}/complete`, { headers });
  expect(done.status(), await done.text()).toBe(201);
  return { ...((await done.json()) as Record<string, string>), key: ticket.key };
}

/**
 * Creates a bid item through the API as the signed-in admin (upload, PUT, complete, create); returns
 * its short code. `endsAt` gives the sale an end (none by default).
 */
export async function createBidItemByApi(
  request: APIRequestContext,
  title: string,
  price: number,
  { endsAt }: { endsAt?: number } = {},
) {
  const { mediaId } = await uploadByApi(request, {
    purpose: "bid-media",
    fileName: "lot.png",
    contentType: "image/png",
  });
  const item = { title, description: "Made by the API", price, mediaIds: [mediaId] };
  const created = await request.post("/api/bid-items", {
    data: { items: [endsAt === undefined ? item : { ...item, endsAt: new Date(endsAt).toISOString() }] },
    headers: { origin: origin() },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { created: { shortCode: string }[] }).created[0]!.shortCode;
}

/** Closes the welcome popup `card` (a `<dialog>` closed by its form, no script needed; the retry is for React-drawn cards before hydration). */
export async function closePopup(card: Locator) {
  await expect(async () => {
    await card.getByRole("button", { name: "Close" }).click({ timeout: 1_000 });
    await expect(card).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

/**
 * Runs `act` and expects the seed's message `text` to reach the user: as a native dialog
 * (alert/confirm, accepted) or as text that becomes visible on the page (a toast, an in-page
 * dialog, an error list). Either passes, so a test survives moving a message from `window.alert`
 * to the page.
 */
export async function expectMessage(page: Page, text: string, act: () => Promise<unknown>) {
  const dialogs: string[] = [];
  const onDialog = (dialog: Dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  };
  page.on("dialog", onDialog);
  try {
    await act();
    await expect
      .poll(
        async () =>
          dialogs.some((message) => message.includes(text)) ||
          (await page.getByText(text, { exact: false }).first().isVisible()),
        { message: `the message '${text}' (dialogs seen: ${JSON.stringify(dialogs)})` },
      )
      .toBe(true);
  } finally {
    page.off("dialog", onDialog);
  }
}

/**
 * The page at 390 and 1280 px in the light and the dark theme (the theme cookie, as a browser keeps
 * it), each checked for sideways scrolling and saved as test-results/<name>-<width>-<theme>.png.
 */
export async function shootThemes(page: Page, name: string) {
  for (const width of [390, 1280]) {
    for (const dark of [false, true]) {
      await page.setViewportSize({ width, height: 900 });
      const theme = encodeURIComponent(JSON.stringify({ isDarkMode: dark, accentColor: "#FFF", fontPercentage: 100 }));
      await page.context().addCookies([{ name: "theme", value: theme, url: page.url() }]);
      await page.reload();
      await expect(page.locator("html")).toHaveClass(dark ? /dark/ : /^(?!.*dark)/);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/${name}-${width}-${dark ? "dark" : "light"}.png`, fullPage: true });
    }
  }
  await page.context().clearCookies({ name: "theme" });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Home's 'New project' form: its header button opens it when the member already has projects. */
export async function openNewProject(page: Page) {
  const button = page.getByRole("button", { name: "New project", exact: true });
  await expect(async () => {
    if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
    await expect(page.getByLabel("Project title")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** Programming's 'New program' form: its header button opens it when the member already has programs. */
export async function openNewProgram(page: Page) {
  const button = page.getByRole("button", { name: "New program", exact: true });
  await expect(async () => {
    if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
    await expect(page.locator("form.create-program")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}
