// The server side of a page's errors (see page-errors.ts for the client half).
// - `orNotFound(read, message)`: a loader's domain read whose `NotFound` (missing,
//   or another member's) becomes the page's 404 via `notFound(message)`.
// - `pageAction(run, {echo, unexpected})`: the one wrapper for a page action or
//   fetcher. Typed domain errors keep their message and status (`formAction`);
//   anything else is logged and answered `{...echo, error:{code:"internal",
//   message: unexpected}}` with 500, so the form shows the seed's "An error
//   occurred while …" beside itself instead of the error page. Responses thrown
//   by `run` (redirects) pass through.
import { data } from "react-router";
import { NotFound } from "../../worker/domain/errors";
import { type FormError, formAction } from "./forms.server";
import { notFound } from "./page-errors";

export async function orNotFound<T>(read: Promise<T>, message?: string): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof NotFound) notFound(message);
    throw error;
  }
}

export async function pageAction<T, E extends object = Record<never, never>>(
  run: () => Promise<T>,
  { echo, unexpected }: { echo?: E; unexpected: string },
) {
  try {
    return await formAction(run, echo);
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error(error);
    const failure: FormError = { code: "internal", message: unexpected };
    return data({ ...(echo as E), error: failure }, { status: 500 });
  }
}
