// Signing out on the server: the session row goes, and its cookie with it.
import { redirect } from "react-router";
import { clearedSessionCookie, destroySession } from "../../../../worker/sessions";
import { server } from "../../../lib/auth.server";
import type { Route } from "./+types/sign-out";

export async function action({ context, request }: Route.ActionArgs) {
  await destroySession(server(context).deps.db, request);
  throw redirect("/", { headers: { "set-cookie": clearedSessionCookie(request) } });
}
