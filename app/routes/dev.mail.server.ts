// The development outbox on the server.
import { data } from "react-router";
import { isDevelopment } from "../../worker/config";
import { DevOutbox } from "../../worker/mail";
import { server } from "../lib/auth.server";
import type { Route } from "./+types/dev.mail";

/** The development outbox: every e-mail the app sent, newest first. Absent outside development. */
export async function loader({ context }: Route.LoaderArgs) {
  const { env, deps } = server(context);
  if (!isDevelopment(env)) throw data(null, { status: 404 });
  const messages = await new DevOutbox(deps.db).list();
  return { messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) };
}
