// /campaigns/new?program=…: makes one of the member's programs a campaign. The programs they own,
// their shows with episodes to choose from; a program already a campaign goes to its campaign.
import { redirect } from "react-router";
import { listPrograms } from "../../../../worker/domain/programs/programs";
import { myShows, showEpisodesOf } from "../../../../worker/domain/shows/shows";
import { parse } from "../../../../worker/domain/validation";
import { campaignSchema } from "../../../kernel/schemas/campaigns";
import { requireUser, server } from "../../../lib/auth.server";
import { formAction, formFields, formList } from "../../../lib/forms.server";
import type { Route } from "./+types/new-campaign";
import { campaignsOf, createCampaign } from "./campaign-data.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  const asked = new URL(request.url).searchParams.get("program");
  const [programs, shows, campaigns] = await Promise.all([
    listPrograms(deps, user.id),
    myShows(deps, user.id),
    campaignsOf(deps, user.id),
  ]);
  const existing = asked ? campaigns.find((c) => c.programId === asked) : undefined;
  if (existing) throw redirect(`/campaigns/${existing.id}`);
  const taken = new Set(campaigns.map((c) => c.programId));
  const own = shows.filter((s) => s.role === "owner");
  const episodes = await Promise.all(own.map((s) => showEpisodesOf(deps, s.id)));
  return {
    programId: programs.some((p) => p.id === asked) ? asked : null,
    programs: programs
      .filter((p) => p.role === "owner" && !taken.has(p.id))
      .map((p) => ({
        id: p.id,
        title: p.title,
        startsAt: p.startsAt,
        endsAt: p.endsAt,
        spots: p.files.map((f) => `${f.slotPosition}: ${f.fileName}`),
      })),
    shows: own.map((s, i) => ({
      id: s.id,
      title: s.title,
      episodes: (episodes[i] ?? []).map((e) => ({ id: e.id, title: e.title })),
    })),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = await request.formData();
  const fields = formFields(form);
  return formAction(
    async () => {
      const parsed = parse(campaignSchema, {
        ...fields,
        episodeIds: formList(form, "episodeIds"),
        showIds: formList(form, "showIds"),
      });
      const created = await createCampaign(server(context).deps, user.id, parsed);
      throw redirect(`/campaigns/${created.id}`);
    },
    { values: fields },
  );
}
