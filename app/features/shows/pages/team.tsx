// /shows/:slug/team: who a show is shared with (ADR 054). Owners invite by e-mail, change roles,
// remove members and withdraw invitations; editors and viewers see the team and may leave.

import { SharingPanel } from "../../../components/teams/SharingPanel";
import { ShowNav } from "../components/ShowNav";
import showStyles from "../components/shows.module.css";
import type { Route } from "./+types/team";

export { action, loader } from "./team.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Team of ${loaderData?.show.title ?? "a show"} · Creator Platform` }];
}

const YOU_ARE = { owner: "an owner", editor: "an editor", viewer: "a viewer" } as const;

export default function ShowTeam({ loaderData }: Route.ComponentProps) {
  const { show, role, sharing, userId } = loaderData;
  return (
    <div className={showStyles.page}>
      <ShowNav slug={show.slug} here="team" title={`Team of ${show.title}`} />
      <p className={showStyles.muted}>
        You are {YOU_ARE[role]} of this show. Members find it on their Shows page; editors publish and edit its
        episodes, viewers see its episodes and stats.
      </p>
      <SharingPanel sharing={sharing} role={role} userId={userId} noun="show" />
    </div>
  );
}
