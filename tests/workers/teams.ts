// Team collaboration in integration tests: inviting a member through the API and accepting the
// e-mailed link as them, exactly as a browser would.
import { call, latestMail, type Member, signUp } from "./http";

/** The token of the latest invitation link mailed to this address. */
export async function latestInvitationToken(to: string): Promise<string> {
  const token = (await latestMail(to))?.body.match(/\/invitations\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${to}`);
  return token;
}

/** Signs a new member up (or takes `as`), invites them to the project, program or show with `role` and accepts as them. */
export async function joinAs(
  owner: Member,
  role: "viewer" | "editor" | "owner",
  target: { projectId: string } | { programId: string } | { showId: string },
  as?: Member,
): Promise<Member> {
  const member = as ?? (await signUp());
  const path =
    "projectId" in target
      ? `/api/projects/${target.projectId}`
      : "programId" in target
        ? `/api/programs/${target.programId}`
        : `/api/shows/${target.showId}`;
  const invited = await call(`${path}/invitations`, { cookie: owner.cookie, json: { email: member.form.email, role } });
  if (invited.status !== 201) throw new Error(`invite: ${invited.status} ${await invited.text()}`);
  const token = await latestInvitationToken(member.form.email);
  const accepted = await call(`/api/invitations/${token}/accept`, { cookie: member.cookie, method: "POST" });
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.status} ${await accepted.text()}`);
  return member;
}
