// /shows: the member's shows, the ones shared with them, and the form that creates one.

import { redirect } from "react-router";
import { createShow, myShows } from "../../../../worker/domain/shows/shows";
import { parse } from "../../../../worker/domain/validation";
import { showSchema } from "../../../kernel/schemas/shows";
import { requireUser, server } from "../../../lib/auth.server";
import { formAction, formFields } from "../../../lib/forms.server";
import type { Route } from "./+types/shows";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const shows = await myShows(server(context).deps, user.id);
  return {
    shows: shows.map(({ id, slug, title, mediaType, role, sharedBy }) => ({
      id,
      slug,
      title,
      mediaType,
      role,
      sharedBy,
    })),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const fields = formFields(await request.formData());
  // Created: straight to the new show's manager, whose empty state leads to its first episode.
  return formAction(
    async () => {
      const show = await createShow(server(context).deps, user.id, parse(showSchema, fields));
      return redirect(`/shows/${encodeURIComponent(show.slug)}/manage?created=1`);
    },
    { values: fields },
  );
}
