// Sharing projects and programs (issue 34, ADR 041): the invitation form and role changes,
// shared by the project page, its actions and the JSON API.
import { z } from "zod";
import { INVALID_EMAIL } from "./accounts";

export const ROLE_REQUIRED = "Choose viewer, editor or owner.";
export const INVITATION_SENT = "Invitation sent.";
export const ALREADY_MEMBER = "This person is already a member.";
export const CANNOT_INVITE_YOURSELF = "You are already a member.";
export const INVITATION_INVALID = "This invitation link is not valid.";
export const INVITATION_EXPIRED = "This invitation has expired. Ask the owner for a new one.";
export const INVITATION_USED = "This invitation has already been accepted.";
export const MEMBER_REMOVED = "Member removed.";
export const ROLE_CHANGED = "Role changed.";
export const INVITATION_REVOKED = "Invitation withdrawn.";

/** Text, an @, text, a dot, text, with no spaces: the same rule as sign-up's. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailAddress = z
  .string({ error: INVALID_EMAIL })
  .trim()
  .min(1, INVALID_EMAIL)
  .max(254, INVALID_EMAIL)
  .regex(EMAIL_PATTERN, INVALID_EMAIL)
  .transform((value) => value.toLowerCase());

export const memberRole = z.enum(["viewer", "editor", "owner"], { error: ROLE_REQUIRED });

export const inviteSchema = z.object({ email: emailAddress, role: memberRole });
export type InviteForm = z.infer<typeof inviteSchema>;

export const roleSchema = z.object({ role: memberRole });
