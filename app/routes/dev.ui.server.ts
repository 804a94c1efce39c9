// The UI gallery on the server: absent outside development.
import { data } from "react-router";
import { isDevelopment } from "../../worker/config";
import { server } from "../lib/auth.server";
import type { Route } from "./+types/dev.ui";

export function loader({ context }: Route.LoaderArgs) {
  if (!isDevelopment(server(context).env)) throw data(null, { status: 404 });
  return { now: Date.now() };
}
