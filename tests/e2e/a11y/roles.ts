// One sign-in per role for a whole run (sign-in is rate-limited per account), then the content the
// pages should show (./content.ts), and one browser page per role that every check reuses (a fresh
// context per check would cost more than the check). Shared by the layout check and the tour.
import { type BrowserContext, test as base, expect, type Page } from "@playwright/test";
import { ADMIN, MEMBER } from "../fixtures";
import { axeProblems, WCAG22_TAGS } from "./axe";
import { type Content, makeContent } from "./content";
import { countNativeDialogs, layoutProblems, type ThemeName, trackLayoutShifts, useTheme } from "./layout";
import type { Role, ScannedPage } from "./pages";

export type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** A role's reusable page, with the native dialogs it has opened so far. */
export interface RolePage {
  page: Page;
  dialogs: string[];
}

interface WorkerFixtures {
  roleStates: Record<Role, StorageState>;
  content: Content;
  rolePages: Record<Role, RolePage>;
}

export const test = base.extend<object, WorkerFixtures>({
  roleStates: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      const contexts = await Promise.all([0, 1, 2].map(() => browser.newContext({ baseURL })));
      const [visitor, member, admin] = contexts as [BrowserContext, BrowserContext, BrowserContext];
      for (const [context, account] of [
        [member, MEMBER],
        [admin, ADMIN],
      ] as const) {
        const response = await context.request.post("/api/session", {
          data: { email: account.email, password: account.password },
          headers: { origin: new URL(baseURL!).origin },
        });
        expect(response.ok(), `sign-in as ${account.email}`).toBe(true);
      }
      const states = {
        visitor: await visitor.storageState(),
        member: await member.storageState(),
        admin: await admin.storageState(),
      };
      await Promise.all(contexts.map((context) => context.close()));
      await use(states);
    },
    { scope: "worker" },
  ],
  content: [
    async ({ playwright, roleStates }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      const member = await playwright.request.newContext({ baseURL, storageState: roleStates.member });
      const admin = await playwright.request.newContext({ baseURL, storageState: roleStates.admin });
      const content = await makeContent({ member, admin });
      await Promise.all([member.dispose(), admin.dispose()]);
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
  rolePage.dialogs.length = 0;
  await useTheme(page.context(), baseURL, theme);
  await page.setViewportSize({ width: size.width, height: size.height });
  await page.goto(typeof entry.path === "string" ? entry.path : entry.path(content));
  // Lists loaded after the first paint are in by then; a page that keeps fetching (media ranges) is
  // checked as it is after 10 s rather than never.
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
  if (entry.ready) await entry.ready(page);
  if (entry.act) await entry.act(page);
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
