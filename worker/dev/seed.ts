// Development only: fills an empty local database with an admin (ADMIN_EMAIL),
// one demo member and an active welcome popup. Called by `npm start`.
import { count, ne } from "drizzle-orm";
import { popups, users } from "../db/schema";
import type { Deps } from "../domain/deps";
import { PLATFORM_USER_ID } from "../domain/farmertv/episodes";
import { forgetActivePopup } from "../domain/popups/active";
import { hashPassword } from "../security/passwords";

export const DEMO_MEMBER = { email: "demo@creatorplatform.app", password: "demo-password", username: "demo" };

export async function seedWhenEmpty(deps: Deps, adminPassword: string) {
  const [{ n } = { n: 0 }] = await deps.db.select({ n: count() }).from(users).where(ne(users.id, PLATFORM_USER_ID));
  if (n > 0) return { seeded: false as const };

  const adminId = crypto.randomUUID();
  await deps.db.batch([
    deps.db.insert(users).values({
      id: adminId,
      name: "Support",
      username: "support",
      email: deps.adminEmail,
      passwordHash: await hashPassword(adminPassword),
      role: "admin",
      verified: true,
    }),
    deps.db.insert(users).values({
      id: crypto.randomUUID(),
      name: "Demo Member",
      username: DEMO_MEMBER.username,
      email: DEMO_MEMBER.email,
      passwordHash: await hashPassword(DEMO_MEMBER.password),
      verified: true,
    }),
    deps.db.insert(popups).values({
      id: crypto.randomUUID(),
      header: "Welcome to the creator platform",
      headerStyle: "color:#6d28d9;font-weight:700;",
      paragraphText:
        "Replace an expired ad spot in every episode at once: upload the new spot, give it the slot letter, apply the program and re-render.",
      paragraphStyle: "font-size:16px;",
      buttonLabel: "See the packages",
      linkAddress: "https://creatorplatform.app/editmedia",
      active: true,
      createdBy: adminId,
    }),
  ]);
  forgetActivePopup();
  return {
    seeded: true as const,
    admin: { email: deps.adminEmail, password: adminPassword },
    member: { email: DEMO_MEMBER.email, password: DEMO_MEMBER.password },
  };
}
