// /dropzone's server side: the projects the member may add files to (their own, and those shared
// with them as an editor), newest first. The upload itself goes through the one upload API, which
// checks the project again.
import { listProjects } from "../../../../worker/domain/files/files";
import { requireUser, server } from "../../../lib/auth.server";
import type { Route } from "./+types/dropzone";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const projects = await listProjects(server(context).deps, user.id);
  return {
    projects: projects
      .filter((project) => project.role !== "viewer")
      .map(({ id, title, fileCount, sharedBy }) => ({ id, title, fileCount, sharedBy })),
  };
}
