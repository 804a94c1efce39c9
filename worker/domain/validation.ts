import type { z } from "zod";
import { type FieldErrors, Invalid } from "./errors";

/**
 * Parses input with a shared schema; bad input becomes `Invalid` with a field map and, as its message, the
 * form's own message (an issue without a path) if there is one, else the first field's.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: FieldErrors = {};
  const issues = result.error.issues;
  const formIssue = issues.find((issue) => issue.path.length === 0);
  for (const issue of issues) {
    if (issue === formIssue && issues.length > 1) continue;
    const field = issue.path.join(".") || "_";
    const messages = fields[field] ?? [];
    if (!messages.includes(issue.message)) messages.push(issue.message);
    fields[field] = messages;
  }
  throw new Invalid((formIssue ?? issues[0])?.message ?? "Invalid request.", fields);
}
