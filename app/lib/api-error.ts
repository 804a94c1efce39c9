// The one error type of the browser's calls to the API (ADR 058): the server's message, the HTTP
// status (0 when the network failed), the error's code and its field errors. Uploads throw a
// subclass (`UploadError`), so a screen reads any failure the same way.
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status = 0,
    readonly code = "http",
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}
