// The server side that the admin dashboard (/theAdministrator) and the
// pending member items page (/memitem) share: a member item as the admin
// lists show it, and the answer to an admin button.
import type { memberItems } from "../../../../worker/db/schema";
import { pageAction } from "../../../lib/page-errors.server";
import type { AdminResult, MemberItemView } from "../components/admin-views";

export function memberItemView(item: typeof memberItems.$inferSelect): MemberItemView {
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    priceCents: item.priceCents,
    shortCode: item.shortCode,
    status: item.status,
    createdAt: item.createdAt.getTime(),
  };
}

/**
 * Runs one admin button's work. A refused action keeps the domain's message; anything else is
 * logged and answered with a generic one, so the admin lists show the error beside the button.
 */
export function adminAction(intent: string, target: string, work: () => Promise<unknown>) {
  const echo = { intent, target };
  return pageAction(
    async () => {
      await work();
      return { ...echo, ok: true as const } satisfies AdminResult;
    },
    { echo, unexpected: "Something went wrong." },
  );
}
