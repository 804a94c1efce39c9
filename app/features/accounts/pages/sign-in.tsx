// Sign in (/signin): e-mail and password. Loader and action: signin.server.ts.
import { Form, Link, useNavigation } from "react-router";
import { Outcome } from "../../../components/ui";
import { SubmitOrCancel } from "../components/SubmitOrCancel";
import type { Route } from "./+types/sign-in";

export { action, loader } from "./sign-in.server";

export function meta() {
  return [{ title: "Sign in · Creator Platform" }];
}

export default function Signin({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <section className="card narrow">
      <h1>Sign in</h1>
      {loaderData.pendingAdd && (
        <p role="note">
          Sign in to add <strong>{loaderData.pendingAdd.title}</strong> to your cart.
        </p>
      )}
      <Outcome message={error && { ok: false, text: error.message }} />
      <Form method="post" className="form">
        {loaderData.from && <input type="hidden" name="from" value={loaderData.from} />}
        {loaderData.pendingAdd && (
          <>
            <input type="hidden" name="add" value={loaderData.pendingAdd.productId} />
            {loaderData.pendingAdd.tierId && <input type="hidden" name="tier" value={loaderData.pendingAdd.tierId} />}
          </>
        )}
        <label>
          Email Address
          <input name="email" type="email" autoComplete="email" required />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <SubmitOrCancel label="Submit" busy={busy} />
      </Form>
      <p>
        New here? <Link to="/signup">Create an account</Link>
      </p>
    </section>
  );
}
