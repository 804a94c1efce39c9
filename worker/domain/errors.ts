// Typed domain errors. The domain throws these; the API and the React Router
// adapters map them to status codes in one place (worker/api/errors.ts).
export type FieldErrors = Record<string, string[]>;

export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Missing, or not the caller's to see: answered as 404 so ids do not leak. */
export class NotFound extends DomainError {
  constructor(message = "Not Found") {
    super("not_found", message);
  }
}

export class Unauthenticated extends DomainError {
  constructor(message = "User is not authenticated.", code = "not_authenticated") {
    super(code, message);
  }
}

export class Forbidden extends DomainError {
  constructor(message = "Forbidden") {
    super("forbidden", message);
  }
}

export class Conflict extends DomainError {
  constructor(message: string, fields?: FieldErrors, code = "conflict") {
    super(code, message, fields);
  }
}

export class Invalid extends DomainError {
  constructor(message: string, fields?: FieldErrors) {
    super("invalid", message, fields);
  }
}

export class TooManyRequests extends DomainError {
  constructor(
    message = "Too many attempts. Please try again later.",
    readonly retryAfterSeconds = 60,
  ) {
    super("rate_limited", message);
  }
}

/** A service the request needs (the mail provider, say) failed: try again later (HTTP 503). */
export class Unavailable extends DomainError {
  constructor(message: string) {
    super("unavailable", message);
  }
}

/** A WebSocket endpoint asked without the upgrade (HTTP 426). */
export class UpgradeRequired extends DomainError {
  constructor(message = "This address takes a WebSocket connection only.") {
    super("upgrade_required", message);
  }
}

/**
 * A payment event names a row not recorded yet (the order's insert not committed when Stripe sent
 * the event): the webhook answers non-2xx, so Stripe delivers it again later.
 */
export class NotRecordedYet extends Error {}
