// Who a project, program or show is shared with (issue 34, ADRs 041 and 054): the creator and
// members with their roles; owners invite by e-mail, change roles, remove members and withdraw
// invitations; anyone else may leave. Every form posts to the page's action (intents invite,
// change-role, remove-member, revoke-invitation: app/lib/team-actions.server.ts), which checks the
// role again on the server.
import { useFetcher } from "react-router";
import { EmailAddress } from "../EmailAddress";
import { Feedback, type FetcherAnswer, useAnswer, useFeedback } from "../Feedback";
import { LocalTime } from "../LocalTime";
import { Badge, Button } from "../ui";
import { InviteForm, type Role } from "./InviteForm";
import styles from "./teams.module.css";

type Noun = "project" | "program" | "show";

export interface SharingData {
  creator: { userId: string; name: string; email: string };
  members: { userId: string; name: string; email: string; role: Role }[];
  invitations: { id: string; email: string; role: Role; expiresAt: Date | string }[];
}

const ROLE_HELP: Record<Role, string> = {
  viewer: "see, play, download",
  editor: "upload, notes, slots, playlist order, apply programs, render",
  owner: "invite, change roles, delete",
};

export function SharingPanel({
  sharing,
  role,
  userId,
  noun = "project",
}: {
  sharing: SharingData;
  role: Role;
  userId: string;
  /** What is shared, in the panel's sentences. */
  noun?: Noun;
}) {
  const owner = role === "owner";
  return (
    <section className="card" aria-labelledby="sharing-heading">
      <h2 id="sharing-heading">Team</h2>
      <ul className={styles.list}>
        <li className={styles.row}>
          <span className={styles.who}>
            {sharing.creator.name}{" "}
            <span className="muted">
              <EmailAddress value={sharing.creator.email} />
            </span>
          </span>
          <Badge tone="accent">owner (creator)</Badge>
        </li>
        {sharing.members.map((member) => (
          <MemberRow
            key={member.userId}
            member={member}
            canManage={owner}
            isMe={member.userId === userId}
            noun={noun}
          />
        ))}
      </ul>
      {owner && sharing.invitations.length > 0 && (
        <>
          <h3>Invited, not yet joined</h3>
          <ul className={styles.list}>
            {sharing.invitations.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} />
            ))}
          </ul>
        </>
      )}
      {owner ? <InviteForm noun={noun} /> : <p className="muted">Only the {noun}'s owners can invite people.</p>}
    </section>
  );
}

function MemberRow({
  member,
  canManage,
  isMe,
  noun,
}: {
  member: SharingData["members"][number];
  canManage: boolean;
  isMe: boolean;
  noun: Noun;
}) {
  const roleFetcher = useFetcher<FetcherAnswer>();
  const removeFetcher = useFetcher<FetcherAnswer>();
  const [feedback, show] = useFeedback();
  useAnswer(roleFetcher.data, show);
  useAnswer(removeFetcher.data, show);
  return (
    <li className={styles.row}>
      <span className={styles.who}>
        {member.name} {isMe && <strong>(you)</strong>}{" "}
        <span className="muted">
          <EmailAddress value={member.email} />
        </span>
      </span>
      {canManage && !isMe ? (
        <roleFetcher.Form method="post">
          <input type="hidden" name="intent" value="change-role" />
          <input type="hidden" name="memberId" value={member.userId} />
          <label>
            <span className="visually-hidden">Role of {member.name}</span>
            <select
              name="role"
              defaultValue={member.role}
              onChange={(event) => roleFetcher.submit(event.currentTarget.form)}
            >
              <option value="viewer">Viewer</option>
              <option value="editor">Editor</option>
              <option value="owner">Owner</option>
            </select>
          </label>
        </roleFetcher.Form>
      ) : (
        <span title={ROLE_HELP[member.role]}>
          <Badge tone={member.role === "viewer" ? "neutral" : "accent"}>{member.role}</Badge>
        </span>
      )}
      {(canManage || isMe) && (
        <removeFetcher.Form method="post">
          <input type="hidden" name="intent" value="remove-member" />
          <input type="hidden" name="memberId" value={member.userId} />
          <Button type="submit" variant="danger" size="sm" busy={removeFetcher.state !== "idle"}>
            {isMe ? `Leave ${noun}` : "Remove"}
          </Button>
        </removeFetcher.Form>
      )}
      <Feedback feedback={feedback} />
    </li>
  );
}

function InvitationRow({ invitation }: { invitation: SharingData["invitations"][number] }) {
  const fetcher = useFetcher<FetcherAnswer>();
  return (
    <li className={styles.row}>
      <span className={styles.who}>
        <EmailAddress value={invitation.email} />{" "}
        <span className="muted">
          as {invitation.role}, link valid until <LocalTime value={invitation.expiresAt} />
        </span>
      </span>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="revoke-invitation" />
        <input type="hidden" name="invitationId" value={invitation.id} />
        <Button type="submit" size="sm" busy={fetcher.state !== "idle"}>
          Withdraw
        </Button>
      </fetcher.Form>
    </li>
  );
}
