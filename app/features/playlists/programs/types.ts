// What the /programming page's components get from its loader and action.
import type { PlaylistPlan } from "../../../../worker/domain/programs/applications";
import type { Route } from "../pages/+types/programming";

export type LoaderData = Route.ComponentProps["loaderData"];
export type ProgramView = LoaderData["programs"][number];
export type ProgramFileView = ProgramView["files"][number];
export type PlaylistOption = LoaderData["playlists"][number];

export interface Answer {
  intent?: string;
  message?: string;
  programId?: string;
  plans?: PlaylistPlan[];
  refused?: { playlistId: string; projectTitle: string; message: string }[];
  success?: boolean;
  error?: { code: string; message: string; fields?: Record<string, string[]> };
}
