// A show's team page (/shows/:slug/team, ADR 054): who the show is shared with, and its owners'
// forms to invite, change roles, remove and withdraw (app/lib/team-actions.server.ts). A show the
// member does not belong to is the page's 404.
import { showBySlug, teamShow } from "../../../../worker/domain/shows/shows";
import { requireUser, server } from "../../../lib/auth.server";
import { formFields } from "../../../lib/forms.server";
import { orNotFound } from "../../../lib/page-errors.server";
import { teamPage, teamPageAction } from "../../../lib/team-actions.server";
import type { Route } from "./+types/team";

async function target(context: Route.LoaderArgs["context"], request: Request, slug: string) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  const show = await orNotFound(showBySlug(deps, slug), "Show not found.");
  return { user, deps, show };
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  // The show and the member's place in its team in one read; the team itself in a second wait.
  const { show } = await orNotFound(teamShow(deps, user.id, params.slug), "Show not found.");
  const target = { id: show.id, title: show.title, creatorId: show.userId };
  const { title, ...team } = await teamPage(deps, user.id, "show", target, "Show not found.");
  return { show: { slug: show.slug, title }, ...team };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { user, deps, show } = await target(context, request, params.slug);
  const fields = formFields(await request.formData());
  return teamPageAction(deps, user.id, { kind: "show", id: show.id, leftTo: "/shows" }, fields);
}
