// /programming/:programId/team: who a program is shared with. Owners invite by e-mail, change
// roles, remove members and withdraw invitations; editors and viewers see the team and may leave.
import { Link } from "react-router";
import { SharingPanel } from "../../../components/teams/SharingPanel";
import { displayName } from "../../../kernel/format";
import type { Route } from "./+types/program-team";
import "../../../styles/files.css";

export { action, loader } from "./program-team.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    {
      title: `Team of ${loaderData ? displayName(loaderData.program.title ?? "Program") : "a program"} · Creator Platform`,
    },
  ];
}

export default function ProgramTeam({ loaderData }: Route.ComponentProps) {
  const { program, role, sharing, userId } = loaderData;
  const title = displayName(program.title ?? "Program");
  return (
    <div className="files-page">
      <section className="card">
        <p>
          <Link to="/programming">← Programming</Link>
        </p>
        <h1>Team of {title}</h1>
        <p className="muted">
          You are {role === "owner" ? "an owner" : `${role === "editor" ? "an editor" : "a viewer"}`} of this program.
          Members see it on their Programming page; editors can add files and apply it to playlists they may change.
        </p>
      </section>
      <SharingPanel sharing={sharing} role={role} userId={userId} noun="program" />
    </div>
  );
}
