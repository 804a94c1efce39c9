import { Form } from "react-router";

export { action } from "./sign-out.server";

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
