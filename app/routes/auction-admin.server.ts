// The server side that the admin dashboard (/theAdministrator) and the
// pending member items page (/memitem) share: a member item as the admin
// lists show it, and the answer to an admin button.
import { data } from "react-router";
import type { memberItems } from "../../worker/db/schema";
import type { AdminResult, MemberItemView } from "../components/auction/admin-views";
import { formAction } from "../lib/forms.server";

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
export async function adminAction(intent: string, target: string, work: () => Promise<unknown>) {
  const echo = { intent, target };
  try {
    return await formAction(async () => {
      await work();
      return { ...echo, ok: true as const } satisfies AdminResult;
    }, echo);
  } catch (error) {
    console.error(error);
    return data({ ...echo, error: { code: "internal", message: "Something went wrong." } } satisfies AdminResult, {
      status: 500,
    });
  }
}
