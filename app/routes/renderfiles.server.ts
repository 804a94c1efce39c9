// The /renderfiles page's server half: the member's renders (newest first)
// and store purchases.
import { listPurchases } from "../../worker/domain/orders/purchases";
import { listRenders } from "../../worker/domain/renders/renders";
import { requireUser, server } from "../lib/auth.server";
import type { Route } from "./+types/renderfiles";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { deps } = server(context);
  const [renders, purchases] = await Promise.all([listRenders(deps, user.id), listPurchases(deps, user.id)]);
  return {
    purchases,
    renders: renders.map((render) => ({
      id: render.id,
      fileName: render.fileName,
      projectTitle: render.projectTitle,
      status: render.status,
      progress: render.progress,
      retrying: render.retrying,
      error: render.error,
      resolution: render.resolution,
      durationSeconds: render.durationSeconds,
      frameRate: render.frameRate,
      size: render.size,
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
