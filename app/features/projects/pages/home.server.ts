// Home's server side (/authenticated): the member's projects with their file counts, and the
// projects shared with them (issue 34) with their role and who shared them, and their shows (owned or
// shared), so a member finds them from Home (issue 46).
import { listProjects } from "../../../../worker/domain/files/files";
import { myShows } from "../../../../worker/domain/shows/shows";
import { requireUser, server } from "../../../lib/auth.server";
import type { Route } from "./+types/home";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  const [projects, shows] = await Promise.all([listProjects(deps, user.id), myShows(deps, user.id)]);
  return {
    projects: projects
      .filter((project) => !project.sharedBy)
      .map(({ id, title, fileCount, changedAt, durationSeconds }) => ({
        id,
        title,
        fileCount,
        changedAt,
        durationSeconds,
      })),
    shared: projects
      .filter((project) => project.sharedBy)
      .map(({ id, title, fileCount, changedAt, durationSeconds, role, sharedBy }) => ({
        id,
        title,
        fileCount,
        changedAt,
        durationSeconds,
        role,
        sharedBy,
      })),
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
