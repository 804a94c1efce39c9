// The /renderfiles page's server half: the member's renders (newest first),
// and 'Render again' for a render made out of date by a program applied to its
// playlist. Store purchases have their own page (/purchases).

import { data } from "react-router";
import { listRenders, renderAgain } from "../../../../worker/domain/renders/renders";
import { requireUser, server } from "../../../lib/auth.server";
import { formAction, formFields } from "../../../lib/forms.server";
import type { Route } from "./+types/downloads";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  const renders = await listRenders(deps, user.id);
  return {
    renders: renders.map((render) => ({
      id: render.id,
      fileName: render.fileName,
      projectTitle: render.projectTitle,
      status: render.status,
      progress: render.progress,
      retrying: render.retrying,
      outOfDate: render.outOfDate,
      superseded: render.superseded,
      error: render.error,
      resolution: render.resolution,
      durationSeconds: render.durationSeconds,
      frameRate: render.frameRate,
      size: render.size,
      audioSize: render.audioSize,
      createdAt: render.createdAt,
      url: render.url,
      downloadUrl: render.downloadUrl,
      audioUrl: render.audioUrl,
      chaptersUrl: render.chaptersUrl,
      chapters: render.chapters ?? [],
      loudnessReport: render.loudnessReport,
    })),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  const fields = formFields(await request.formData());
  if (fields.intent !== "render-again") throw data("Unknown form.", { status: 400 });
  const echo = { intent: "render-again" as const, renderId: String(fields.renderId ?? "") };
  return formAction(async () => ({ ...echo, renders: await renderAgain(deps, user.id, echo.renderId) }), echo);
}
