// A program's team page (/programming/:programId/team): who the program is shared with, and its
// owners' forms to invite, change roles, remove and withdraw (app/lib/team-actions.server.ts).
// A program the member does not belong to is the page's 404.
import { requireUser, server } from "../../../lib/auth.server";
import { formFields } from "../../../lib/forms.server";
import { teamPage, teamPageAction } from "../../../lib/team-actions.server";
import type { Route } from "./+types/program-team";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { title, ...team } = await teamPage(
    server(context).deps,
    user.id,
    "program",
    params.programId,
    "Program not found.",
  );
  return { program: { id: params.programId, title }, ...team };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const fields = formFields(await request.formData());
  const target = { kind: "program" as const, id: params.programId, leftTo: "/programming" };
  return teamPageAction(server(context).deps, user.id, target, fields);
}
