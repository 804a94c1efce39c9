// The /playselect page's server half: the member's playlists that have files,
// and the render / package actions (both start jobs the page then polls).
import { data } from "react-router";
import { PREVIEW_URL_SECONDS } from "../../../../worker/domain/files/files";
import { startPackage } from "../../../../worker/domain/packages/packages";
import { listPlaylists } from "../../../../worker/domain/playlists/playlists";
import { startRenders } from "../../../../worker/domain/renders/renders";
import { parse } from "../../../../worker/domain/validation";
import { fileTitle } from "../../../kernel/format";
import { packageSchema, renderSchema } from "../../../kernel/schemas/playlists";
import { requireUser, server } from "../../../lib/auth.server";
import { formAction, formFields, formList } from "../../../lib/forms.server";
import type { Route } from "./+types/sequence";
import { playlistSummary } from "./playlist-summary.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  const playlists = await listPlaylists(deps, user.id, "edit");
  return {
    // Playlists with no files are hidden in the picker (seed 000 §2). Each brings its items in order,
    // titled and with a signed preview address, for its Play (the bar plays them one after another).
    playlists: await Promise.all(
      playlists
        .filter((playlist) => playlist.items.length > 0)
        .map(async (playlist) => ({
          ...playlistSummary(playlist),
          renderedAt: playlist.renderedAt,
          tracks: await Promise.all(
            playlist.items.map(async (item) => ({
              id: item.id,
              title: fileTitle(item.fileName),
              src: (
                await deps.storage.signer.signGet({ key: item.key, contentType: item.contentType }, PREVIEW_URL_SECONDS)
              ).url,
            })),
          ),
        })),
    ),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  const form = await request.formData();
  const fields = formFields(form);

  switch (fields.intent) {
    case "render": {
      const echo = { intent: "render" as const };
      return formAction(async () => {
        const input = parse(renderSchema, {
          playlistIds: formList(form, "playlistId"),
          loudness: fields.loudness === "on" || fields.loudness === "true",
        });
        return { ...echo, renders: await startRenders(deps, user.id, input.playlistIds, input.loudness) };
      }, echo);
    }
    case "package": {
      const echo = { intent: "package" as const };
      return formAction(async () => {
        const input = parse(packageSchema, { playlistIds: formList(form, "playlistId") });
        return { ...echo, ...(await startPackage(deps, user.id, input.playlistIds)) };
      }, echo);
    }
    default:
      throw data("Unknown form.", { status: 400 });
  }
}
