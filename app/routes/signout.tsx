import { Form, redirect } from "react-router";
import { clearedSessionCookie, destroySession } from "../../worker/sessions";
import { server } from "../lib/auth.server";
import type { Route } from "./+types/signout";

export async function action({ context, request }: Route.ActionArgs) {
  await destroySession(server(context).deps.db, request);
  throw redirect("/", { headers: { "set-cookie": clearedSessionCookie(request) } });
}

/** A direct visit asks for a click: signing out changes state, so it is a POST. */
export default function Signout() {
  return (
    <section className="card narrow">
      <h1>Log Out</h1>
      <Form method="post" replace>
        <button type="submit" className="button primary">
          Log Out
        </button>
      </Form>
    </section>
  );
}
