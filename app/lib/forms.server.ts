// Runs an action's domain call and turns typed domain errors into the
// `{error: {code, message, fields}}` shape the forms render; anything else
// goes up to the error boundary. `echo` is returned with an error so a
// multi-step form can stay on its step.
import { data } from "react-router";
import { type ErrorBody, statusOf } from "../../worker/api/errors";
import { DomainError } from "../../worker/domain/errors";
import { CARD_NEEDS_SCRIPT } from "../kernel/schemas/checkout";

export type FormError = ErrorBody["error"];

export async function formAction<T, E extends object = Record<never, never>>(run: () => Promise<T>, echo?: E) {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const body: ErrorBody = { error: { code: error.code, message: error.message, fields: error.fields } };
    return data({ ...(echo as E), ...body }, { status: statusOf(error) });
  }
}

/** FormData as a plain object of strings, for the shared zod schemas. */
export function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") fields[key] = value;
  return fields;
}

/** Every non-empty string sent under `name` (checkbox groups, ordered id lists). */
export function formList(form: FormData, name: string): string[] {
  return form.getAll(name).filter((value): value is string => typeof value === "string" && value !== "");
}

/**
 * `formAction` for one form of a page with several (told apart by `intent`): the answer, and an error
 * too, carry `echo` (which form, which row), so each fetcher knows the answer is its own.
 */
export function intentAction<E extends object, T extends object>(echo: E, run: () => Promise<T>) {
  return formAction(async () => ({ ...echo, ...(await run()) }), echo);
}

/**
 * The answer to a card form posted without the page's script: nothing is read from the body (card
 * fields are never parsed on our server) and nothing is charged (ADR 037).
 */
export function scriptlessCardPost() {
  const body: ErrorBody = { error: { code: "needs_script", message: CARD_NEEDS_SCRIPT } };
  return data(body, { status: 400 });
}
