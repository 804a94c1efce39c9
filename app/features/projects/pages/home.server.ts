// Home's server side (/authenticated): the member's projects with their file counts, and the
// projects shared with them (issue 34) with their role and who shared them.
import { listProjects } from "../../../../worker/domain/files/files";
import { requireUser, server } from "../../../lib/auth.server";
import type { Route } from "./+types/home";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const projects = await listProjects(server(context).deps, user.id);
  return {
    name: user.name,
    projects: projects
      .filter((project) => !project.sharedBy)
      .map(({ id, title, fileCount, createdAt }) => ({ id, title, fileCount, createdAt })),
    shared: projects
      .filter((project) => project.sharedBy)
      .map(({ id, title, fileCount, role, sharedBy }) => ({ id, title, fileCount, role, sharedBy })),
  };
}
