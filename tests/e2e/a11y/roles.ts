// One sign-in per role for a whole run, kept across worker restarts (sign-in is rate-limited per account), then the content the
// pages should show (./content.ts), and one browser page per role that every check reuses (a fresh
// context per check would cost more than the check). Shared by the layout check and the tour.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { type BrowserContext, test as base, expect, type Page, type PlaywrightWorkerArgs } from "@playwright/test";
import { ADMIN, MEMBER, ownAddress } from "../fixtures";
import { axeProblems, WCAG22_TAGS } from "./axe";
import { type Content, makeContent } from "./content";
import { countNativeDialogs, layoutProblems, switchTheme, type ThemeName, trackLayoutShifts, useTheme } from "./layout";
import type { Role, ScannedPage } from "./pages";

export type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** A role's reusable page, with the native dialogs it has opened so far. */
export interface RolePage {
  page: Page;
  dialogs: string[];
  /** The entry and width the page was last loaded and brought into its state for. */
  shown?: { entry: ScannedPage; width: number };
}

/** What one run shares between its workers: the roles' sessions and the content made with them. */
interface RunState {
  baseURL: string;
  states: Record<Role, StorageState>;
  content?: Content;
}

interface WorkerFixtures {
  runState: RunState & { save?: (content: Content) => void };
  roleStates: Record<Role, StorageState>;
  content: Content;
  rolePages: Record<Role, RolePage>;
}

const ACCOUNTS = { member: MEMBER, admin: ADMIN } as const;

/** Signs the member and the admin in (the visitor has no session) and returns the three states. */
async function signIn(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string) {
  const states: Partial<Record<Role, StorageState>> = { visitor: { cookies: [], origins: [] } };
  for (const role of ["member", "admin"] as const) {
    const request = await playwright.request.newContext({ baseURL, ...ownAddress() });
    const account = ACCOUNTS[role];
    const response = await request.post("/api/session", {
      data: { email: account.email, password: account.password },
      headers: { origin: new URL(baseURL).origin },
    });
    expect(response.ok(), `sign-in as ${account.email}: ${response.status()} ${await response.text()}`).toBe(true);
    states[role] = await request.storageState();
    await request.dispose();
  }
  return states as Record<Role, StorageState>;
}

/** The run's saved state when it is for this server and both sessions are still signed in. */
async function reusableState(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string, file: string) {
  if (!existsSync(file)) return undefined;
  const saved = JSON.parse(readFileSync(file, "utf8")) as RunState;
  if (saved.baseURL !== baseURL) return undefined;
  for (const role of ["member", "admin"] as const) {
    const request = await playwright.request.newContext({ baseURL, storageState: saved.states[role] });
    const session = (await (await request.get("/api/session")).json().catch(() => ({}))) as {
      user?: { email?: string } | null;
    };
    await request.dispose();
    if (session.user?.email !== ACCOUNTS[role].email) return undefined;
  }
  return { ...saved, save: (content: Content) => save(file, { ...saved, content }) };
}

function save(file: string, state: RunState) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(state));
}

export const test = base.extend<object, WorkerFixtures>({
  // A run's sign-ins and content outlive a worker: after a failure Playwright starts a new worker,
  // and signing the roles in again each time ran into the sign-in rate limit, turning one real
  // failure into dozens. Both are kept in the run's output folder (emptied at the start of every
  // run) and reused while the sessions are still signed in.
  runState: [
    async ({ playwright }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL!;
      const file = join(workerInfo.project.outputDir, ".a11y-run-state.json");
      const state = await reusableState(playwright, baseURL, file);
      if (state) {
        await use(state);
        return;
      }
      const states = await signIn(playwright, baseURL);
      const fresh: RunState = { baseURL, states };
      save(file, fresh);
      await use({ ...fresh, save: (content) => save(file, { ...fresh, content }) });
    },
    { scope: "worker" },
  ],
  roleStates: [async ({ runState }, use) => use(runState.states), { scope: "worker" }],
  content: [
    async ({ playwright, runState }, use, workerInfo) => {
      if (runState.content) {
        await use(runState.content);
        return;
      }
      const baseURL = workerInfo.project.use.baseURL;
      const member = await playwright.request.newContext({ baseURL, storageState: runState.states.member });
      const admin = await playwright.request.newContext({ baseURL, storageState: runState.states.admin });
      const content = await makeContent({ member, admin });
      await Promise.all([member.dispose(), admin.dispose()]);
      runState.save?.(content);
      await use(content);
    },
    { scope: "worker", timeout: 180_000 },
  ],
  rolePages: [
    async ({ browser, roleStates }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      const pages = {} as Record<Role, RolePage>;
      const contexts: BrowserContext[] = [];
      for (const role of ["visitor", "member", "admin"] as const) {
        const context = await browser.newContext({ baseURL, storageState: roleStates[role] });
        await trackLayoutShifts(context);
        contexts.push(context);
        const page = await context.newPage();
        pages[role] = { page, dialogs: countNativeDialogs(page) };
      }
      await use(pages);
      await Promise.all(contexts.map((context) => context.close()));
    },
    { scope: "worker" },
  ],
});

/**
 * Opens `entry` in its role's page at `size` in `theme`, waits for what it shows and brings it into
 * its state. Returns the page and the native dialogs it opened meanwhile.
 *
 * When the previous check left this very entry at this width (the same page in the other theme), the
 * page is not loaded again: its theme is switched in place, as the theme's class on <html> is all the
 * server draws differently, and the page keeps its state and its layout shifts and dialogs so far.
 */
export async function visit(
  rolePage: RolePage,
  entry: ScannedPage,
  content: Content,
  size: { width: number; height: number },
  theme: ThemeName,
) {
  const { page } = rolePage;
  const baseURL = test.info().project.use.baseURL!;
  await useTheme(page.context(), baseURL, theme);
  if (rolePage.shown?.entry === entry && rolePage.shown.width === size.width) {
    await switchTheme(page, theme);
  } else {
    rolePage.shown = undefined;
    rolePage.dialogs.length = 0;
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto(typeof entry.path === "string" ? entry.path : entry.path(content));
    // Lists loaded after the first paint are in by then; a page that keeps fetching (media ranges) is
    // checked as it is after 10 s rather than never.
    await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
    if (entry.ready) await entry.ready(page);
    if (entry.act) await entry.act(page);
    rolePage.shown = { entry, width: size.width };
  }
  await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b).*$/);
  return page;
}

/** Everything wrong with the page as it is now: axe WCAG 2.2 A/AA, layout, native dialogs. */
export async function pageProblems(rolePage: RolePage, entry: ScannedPage) {
  return [
    ...(await axeProblems(rolePage.page, entry.exclude, WCAG22_TAGS)),
    ...(await layoutProblems(rolePage.page)),
    ...rolePage.dialogs.map((dialog) => `native dialog opened: ${dialog}`),
  ];
}

export { expect };
