// Accessibility scan: every page in tests/e2e/a11y/pages.ts, at a desktop and
// a phone width, as the role that uses it, must pass axe's WCAG 2.1 A/AA rules
// and must not scroll sideways.
import { type BrowserContext, test as base, expect } from "@playwright/test";
import { expectAccessible, WIDTHS } from "./a11y/axe";
import { makeContent } from "./a11y/content";
import { PAGES, type Role } from "./a11y/pages";
import { ADMIN, MEMBER } from "./fixtures";

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

// One sign-in per role for the whole run (sign-in is rate-limited per account),
// then the content the pages should show (./a11y/content.ts).
const test = base.extend<object, { roleStates: Record<Role, StorageState> }>({
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
      await makeContent({ member: member.request, admin: admin.request });
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
});

for (const entry of PAGES) {
  for (const size of WIDTHS) {
    const label = entry.name ?? (typeof entry.path === "string" ? entry.path : "page");
    test(`${label} as ${entry.as} at ${size.width}px passes WCAG 2.1 A/AA`, async ({ browser, roleStates }) => {
      const context = await browser.newContext({
        baseURL: test.info().project.use.baseURL,
        storageState: roleStates[entry.as],
        viewport: { width: size.width, height: size.height },
      });
      try {
        const page = await context.newPage();
        const path = typeof entry.path === "string" ? entry.path : await entry.path(context.request);
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        if (entry.ready) await entry.ready(page);
        await expectAccessible(page, entry.exclude);
      } finally {
        await context.close();
      }
    });
  }
}
