// One sign-in per role for a whole run (sign-in is rate-limited per account), then the content the
// pages should show (./content.ts). Shared by the accessibility scan, the layout check and the tour.
import { type BrowserContext, test as base, expect } from "@playwright/test";
import { ADMIN, MEMBER } from "../fixtures";
import { makeContent } from "./content";
import type { Role } from "./pages";

export type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

export const test = base.extend<object, { roleStates: Record<Role, StorageState> }>({
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

export { expect };
