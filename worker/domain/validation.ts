import type { z } from "zod";
import { type FieldErrors, Invalid } from "./errors";

/** Parses input with a shared schema; bad input becomes `Invalid` with the first message and a field map. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join(".") || "_";
    const messages = fields[field] ?? [];
    if (!messages.includes(issue.message)) messages.push(issue.message);
    fields[field] = messages;
  }
  throw new Invalid(result.error.issues[0]?.message ?? "Invalid request.", fields);
}
