// Sharing a project, a program or a show (issue 34, ADRs 041 and 054). Its creator is its owner; the owner invites
// people by e-mail with a role (viewer, editor, owner), changes roles and removes members. The
// invitation link carries a random token (only its SHA-256 is stored) and is accepted by the
// signed-in account with the invited address. A removed member loses access at once: every read
// goes through `memberData`, which asks `project_members` / `program_members` / `show_members` each time.
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import {
  ALREADY_MEMBER,
  CANNOT_INVITE_YOURSELF,
  INVITATION_EXPIRED,
  INVITATION_INVALID,
  INVITATION_SENT,
  INVITATION_USED,
  type InviteForm,
} from "../../../app/kernel/schemas/teams";
import { runBatch, type Statement } from "../../db/batch";
import {
  invitations,
  type MemberRole,
  programMembers,
  programs,
  projectMembers,
  projects,
  showMembers,
  shows,
  users,
} from "../../db/schema";
import { isLinkToken, randomId, sha256 } from "../../security/crypto";
import type { Deps } from "../deps";
import { Conflict, Forbidden, Invalid, NotFound } from "../errors";
import { type MemberData, memberData, type Need } from "../member-data";
import { activity } from "./activity";

export const INVITATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What can be shared, each with its own members table. */
export const SHARED_KINDS = ["project", "program", "show"] as const;
export type SharedKind = (typeof SHARED_KINDS)[number];

/** The members table of each kind, as one shape (the three tables have the same columns but the parent's). */
type Members = typeof projectMembers;

/** The one place that knows each kind's tables, its invitation column, its getter and where a new member lands. */
function sharing(kind: SharedKind) {
  switch (kind) {
    case "project":
      return {
        members: projectMembers,
        parent: projectMembers.projectId,
        invited: invitations.projectId,
        find: (data: MemberData, id: string, need: Need) => data.project(id, need),
        page: async (_deps: Deps, id: string) => `/projects/${id}`,
      };
    case "program":
      return {
        members: programMembers as unknown as Members,
        parent: programMembers.programId,
        invited: invitations.programId,
        find: (data: MemberData, id: string, need: Need) => data.program(id, need),
        page: async () => "/programming",
      };
    case "show":
      return {
        members: showMembers as unknown as Members,
        parent: showMembers.showId,
        invited: invitations.showId,
        find: (data: MemberData, id: string, need: Need) => data.show(id, need),
        page: async (deps: Deps, id: string) => {
          const [show] = await deps.db.select({ slug: shows.slug }).from(shows).where(eq(shows.id, id));
          return `/shows/${show?.slug ?? ""}/manage`;
        },
      };
  }
}

/** The shared object, if the caller may `own` it (invite, change roles, remove): its id, title and creator. */
async function ownedTarget(deps: Deps, userId: string, kind: SharedKind, id: string, need: "view" | "own" = "own") {
  const row = await sharing(kind).find(memberData(deps.db, userId), id, need);
  return { id: row.id, title: row.title, creatorId: row.userId };
}

export async function invite(deps: Deps, userId: string, kind: SharedKind, id: string, form: InviteForm) {
  const target = await ownedTarget(deps, userId, kind, id);
  const [inviter] = await deps.db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (inviter?.email === form.email) throw new Invalid(CANNOT_INVITE_YOURSELF, { email: [CANNOT_INVITE_YOURSELF] });
  const [invitee] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, form.email)).limit(1);
  if (invitee && (invitee.id === target.creatorId || (await roleOf(deps, kind, target.id, invitee.id))))
    throw new Conflict(ALREADY_MEMBER, { email: [ALREADY_MEMBER] });

  const token = randomId(24);
  const invitation = {
    id: crypto.randomUUID(),
    projectId: kind === "project" ? target.id : null,
    programId: kind === "program" ? target.id : null,
    showId: kind === "show" ? target.id : null,
    email: form.email,
    role: form.role,
    tokenHash: await sha256(token),
    invitedBy: userId,
    expiresAt: new Date(deps.now() + INVITATION_DAYS * DAY_MS),
  };
  const statements: Statement[] = [deps.db.insert(invitations).values(invitation)];
  if (kind === "project")
    statements.push(activity(deps.db, target.id, userId, "invited", `${form.email} as ${form.role}`));
  await runBatch(deps.db, statements);
  const link = `${deps.origin}/invitations/${token}`;
  await deps.mail.send({
    to: form.email,
    subject: `${inviter?.name ?? "Someone"} shared "${spaced(target.title)}" with you`,
    text: [
      `${inviter?.name ?? "Someone"} (${inviter?.email ?? ""}) invited you to the ${kind} "${spaced(target.title)}" as ${article(form.role)} ${form.role}.`,
      "",
      `Open this link to join (sign up or sign in with ${form.email}):`,
      link,
      "",
      `The link works for ${INVITATION_DAYS} days.`,
    ].join("\n"),
  });
  return { message: INVITATION_SENT, invitationId: invitation.id };
}

/** A member's role from the members table (null if none; the creator has no row). */
async function roleOf(deps: Deps, kind: SharedKind, id: string, memberId: string): Promise<MemberRole | null> {
  const { members, parent } = sharing(kind);
  const [row] = await deps.db
    .select({ role: members.role })
    .from(members)
    .where(and(eq(parent, id), eq(members.userId, memberId)))
    .limit(1);
  return row?.role ?? null;
}

/** An invitation by its link's token, with what it shares; NotFound / Invalid with the reason otherwise. */
async function invitationByToken(deps: Deps, token: string) {
  if (!isLinkToken(token)) throw new NotFound(INVITATION_INVALID);
  const [row] = await deps.db
    .select({
      invitation: invitations,
      inviterName: users.name,
      projectTitle: projects.title,
      programTitle: programs.title,
      showTitle: shows.title,
    })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.invitedBy))
    .leftJoin(projects, eq(projects.id, invitations.projectId))
    .leftJoin(programs, eq(programs.id, invitations.programId))
    .leftJoin(shows, eq(shows.id, invitations.showId))
    .where(eq(invitations.tokenHash, await sha256(token)))
    .limit(1);
  if (!row) throw new NotFound(INVITATION_INVALID);
  const { invitation } = row;
  const kind: SharedKind = invitation.projectId ? "project" : invitation.programId ? "program" : "show";
  return {
    invitation,
    kind,
    targetId: (invitation.projectId ?? invitation.programId ?? invitation.showId)!,
    title: spaced(row.projectTitle ?? row.programTitle ?? row.showTitle ?? ""),
    inviterName: row.inviterName,
  };
}

/** What the invitation page shows before the invitee accepts. */
export async function invitationSummary(deps: Deps, token: string) {
  const found = await invitationByToken(deps, token);
  const { invitation } = found;
  const state = invitation.acceptedAt
    ? ("accepted" as const)
    : invitation.expiresAt.getTime() <= deps.now()
      ? ("expired" as const)
      : ("open" as const);
  return {
    kind: found.kind,
    title: found.title,
    inviterName: found.inviterName,
    email: invitation.email,
    role: invitation.role,
    state,
  };
}

/** Accepts an invitation as the signed-in member; their e-mail must be the one invited. */
export async function acceptInvitation(deps: Deps, userId: string, token: string) {
  const found = await invitationByToken(deps, token);
  const { invitation, kind, targetId } = found;
  if (invitation.acceptedAt) throw new Conflict(INVITATION_USED);
  if (invitation.expiresAt.getTime() <= deps.now()) throw new Invalid(INVITATION_EXPIRED);
  const [me] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (me?.email !== invitation.email)
    throw new Forbidden(`This invitation is for ${invitation.email}. Sign in with that address to accept it.`);
  const { page } = sharing(kind);
  const member = { userId, role: invitation.role, invitedBy: invitation.invitedBy };
  const join =
    kind === "project"
      ? deps.db.insert(projectMembers).values({ ...member, projectId: targetId })
      : kind === "program"
        ? deps.db.insert(programMembers).values({ ...member, programId: targetId })
        : deps.db.insert(showMembers).values({ ...member, showId: targetId });
  const statements: Statement[] = [
    // Only an open invitation is taken: two tabs accepting at once join once.
    deps.db
      .update(invitations)
      .set({ acceptedAt: new Date(deps.now()) })
      .where(
        and(
          eq(invitations.id, invitation.id),
          isNull(invitations.acceptedAt),
          gt(invitations.expiresAt, new Date(deps.now())),
        ),
      ),
    join.onConflictDoNothing(),
  ];
  if (kind === "project") statements.push(activity(deps.db, targetId, userId, "joined", `as ${invitation.role}`));
  await runBatch(deps.db, statements);
  return { kind, id: targetId, redirectTo: await page(deps, targetId), message: `You joined "${found.title}".` };
}

/** Who a project, program or show is shared with, and (for its owners) the invitations not yet accepted. */
/** A shared project, program or show as its team page names it; `creatorId` owns it for good. */
export interface SharedTarget {
  id: string;
  title: string;
  creatorId: string;
}

/**
 * Who a project, program or show is shared with. `of` is its id (the member's access is checked
 * here) or the target itself when the caller has already checked that the member belongs to it
 * (a show's page reads the show and the member's role in one read): one wait less.
 */
export async function sharingOf(deps: Deps, userId: string, kind: SharedKind, of: string | SharedTarget) {
  const target = typeof of === "string" ? await ownedTarget(deps, userId, kind, of, "view") : of;
  const { members, parent } = sharing(kind);
  // Everything else once the target is known, side by side: one more wait. The open invitations
  // are read for everyone and shown to owners only.
  const [memberRows, [creator], open] = await Promise.all([
    deps.db
      .select({ userId: users.id, name: users.name, email: users.email, role: members.role })
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .where(eq(parent, target.id))
      .orderBy(asc(members.createdAt)),
    deps.db
      .select({ userId: users.id, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, target.creatorId)),
    openInvitations(deps, kind, target.id),
  ]);
  const role = userId === target.creatorId ? "owner" : (memberRows.find((m) => m.userId === userId)?.role ?? "viewer");
  return {
    title: target.title,
    role,
    members: [
      { ...creator!, role: "owner" as const, creator: true },
      ...memberRows.map((m) => ({ ...m, creator: false })),
    ],
    invitations: role === "owner" ? open : [],
  };
}

export async function changeRole(
  deps: Deps,
  userId: string,
  kind: SharedKind,
  id: string,
  memberId: string,
  role: MemberRole,
) {
  const target = await ownedTarget(deps, userId, kind, id);
  if (memberId === target.creatorId) throw new Invalid("The creator is always an owner.");
  const { members, parent } = sharing(kind);
  const changed = await deps.db
    .update(members)
    .set({ role })
    .where(and(eq(parent, target.id), eq(members.userId, memberId)))
    .returning({ userId: members.userId });
  if (changed.length === 0) throw new NotFound("Member not found.");
  if (kind === "project") await activity(deps.db, target.id, userId, "roleChanged", role);
  return { role };
}

/** Removes a member (an owner may remove anyone but the creator; a member may leave). */
export async function removeMember(deps: Deps, userId: string, kind: SharedKind, id: string, memberId: string) {
  const target = await ownedTarget(deps, userId, kind, id, memberId === userId ? "view" : "own");
  if (memberId === target.creatorId) throw new Invalid("The creator cannot be removed.");
  const { members, parent } = sharing(kind);
  const [member] = await deps.db
    .select({ name: users.name, email: users.email })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(parent, target.id), eq(members.userId, memberId)))
    .limit(1);
  if (!member) throw new NotFound("Member not found.");
  const statements: Statement[] = [
    deps.db.delete(members).where(and(eq(parent, target.id), eq(members.userId, memberId))),
  ];
  // The line names whom (a member who leaves is the line's own who).
  if (kind === "project")
    statements.push(
      memberId === userId
        ? activity(deps.db, target.id, userId, "left")
        : activity(deps.db, target.id, userId, "removed", `${member.name} <${member.email}>`),
    );
  await runBatch(deps.db, statements);
  return { removed: memberId };
}

export async function revokeInvitation(deps: Deps, userId: string, kind: SharedKind, id: string, invitationId: string) {
  const target = await ownedTarget(deps, userId, kind, id);
  const deleted = await deps.db
    .delete(invitations)
    .where(and(eq(invitations.id, invitationId), eq(sharing(kind).invited, target.id), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id, email: invitations.email, role: invitations.role });
  if (deleted.length === 0) throw new NotFound("Invitation not found.");
  if (kind === "project")
    await activity(deps.db, target.id, userId, "invitationRevoked", `${deleted[0]!.email} as ${deleted[0]!.role}`);
}

/** The invitations of a project, program or show not yet accepted and not expired, oldest first. */
export function openInvitations(deps: Pick<Deps, "db" | "now">, kind: SharedKind, id: string) {
  const target = eq(sharing(kind).invited, id);
  return deps.db
    .select({ id: invitations.id, email: invitations.email, role: invitations.role, expiresAt: invitations.expiresAt })
    .from(invitations)
    .where(and(target, isNull(invitations.acceptedAt), gt(invitations.expiresAt, new Date(deps.now()))))
    .orderBy(asc(invitations.createdAt));
}

const spaced = (title: string) => title.replaceAll("_", " ");
const article = (role: string) => (role === "owner" || role === "editor" ? "an" : "a");
