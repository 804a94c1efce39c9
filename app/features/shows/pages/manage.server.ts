// /shows/:slug/manage: the show's owners and editors publish playlists as episodes, unpublish,
// delete and edit them, and set the artwork; its viewers see the same page with nothing to change
// (ADR 054). Every action checks the member's role again in the domain (`memberData`).
import { data, redirect } from "react-router";
import { listPlaylists } from "../../../../worker/domain/playlists/playlists";
import { artworkUrl, chooseVersion, durationOf, teamShowWithVersions } from "../../../../worker/domain/shows/delivery";
import {
  deleteEpisode,
  publishEpisode,
  setEpisodePublished,
  teamShow,
  updateShow,
} from "../../../../worker/domain/shows/shows";
import { parse } from "../../../../worker/domain/validation";
import { episodeSchema, showSchema } from "../../../kernel/schemas/shows";
import { requireUser, server } from "../../../lib/auth.server";
import { formAction, formFields } from "../../../lib/forms.server";
import { orNotFound } from "../../../lib/page-errors.server";
import type { Route } from "./+types/manage";

async function mine(context: Route.LoaderArgs["context"], request: Request, slug: string) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  const { show, role } = await orNotFound(teamShow(deps, user.id, slug));
  return { user, deps, show, role };
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  // The show, the member's role, its episodes and their current versions (one batch) beside the
  // member's playlists, which a viewer is then not offered: one wait for all but the playlists' items.
  const [{ show, role, episodes, current }, editable] = await Promise.all([
    orNotFound(teamShowWithVersions(deps, user.id, params.slug)),
    listPlaylists(deps, user.id, "edit"),
  ]);
  const playlists = role === "viewer" ? [] : editable;
  const ready = episodes.map((episode) => chooseVersion(deps, episode, current(episode)).version);
  const used = new Set(episodes.map((e) => e.playlistId));
  // The member's playlists that could be an episode of this show (its media, or empty yet).
  const fitting = playlists.filter((p) => p.mediaType === null || p.mediaType === show.mediaType);
  const offered = fitting.filter((p) => !used.has(p.id));
  const lengthOf = (version: Parameters<typeof durationOf>[0] | null | undefined) =>
    version ? durationOf(version) : null;
  return {
    show,
    role,
    artwork: artworkUrl(deps.origin, show),
    now: deps.now(),
    episodes: episodes.map((e, i) => ({
      id: e.id,
      title: e.title,
      season: e.season,
      episodeNumber: e.episodeNumber,
      publishAt: e.publishAt.getTime(),
      published: e.published,
      ready: show.mediaType === "video" || ready[i] !== null,
      durationSeconds: lengthOf(ready[i]) ?? e.durationSeconds,
    })),
    playlists: offered.map((p) => ({
      id: p.id,
      title: p.projectTitle,
      projectId: p.projectId,
    })),
    /** Why no playlist is offered: all of them are episodes already, or none has this show's media. */
    allPublished: fitting.length > 0,
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { user, deps, show } = await mine(context, request, params.slug);
  const fields = formFields(await request.formData());
  const intent = fields.intent;
  if (intent === "publish")
    return formAction(
      async () => {
        await publishEpisode(deps, user.id, show.id, parse(episodeSchema, fields));
        return { intent, message: "Episode published." };
      },
      { intent, values: fields },
    );
  if (intent === "set-published")
    return formAction(
      async () => {
        await setEpisodePublished(deps, user.id, fields.episodeId ?? "", fields.published === "true");
        return { intent, message: fields.published === "true" ? "Episode published." : "Episode unpublished." };
      },
      { intent },
    );
  if (intent === "delete")
    return formAction(
      async () => {
        await deleteEpisode(deps, user.id, fields.episodeId ?? "");
        return { intent, message: "Episode deleted." };
      },
      { intent },
    );
  if (intent === "details")
    return formAction(
      async () => {
        const updated = await updateShow(deps, user.id, show.id, parse(showSchema, fields));
        // A new address is a new page: go there, and the old one is free again.
        if (updated.slug !== show.slug) return redirect(`/shows/${updated.slug}/manage`);
        return { intent, message: "Show saved." };
      },
      { intent, values: fields },
    );
  if (intent === "artwork")
    return formAction(
      async () => {
        const form = parse(showSchema, { ...show, artworkUploadId: fields.artworkUploadId });
        await updateShow(deps, user.id, show.id, form);
        return { intent, message: "Artwork saved." };
      },
      { intent },
    );
  throw data("Unknown form.", { status: 400 });
}
