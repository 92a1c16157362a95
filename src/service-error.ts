// An expected refusal from a service: an error code of the API registry and a hint. It sits below
// every service (any of them may throw it) and the API maps it to its status and body.
export class ServiceError extends Error {
  constructor(
    readonly code: string,
    readonly hint: string,
    /** `details`: fields added to the error body beside code and hint (e.g. a compiler's diagnostics). */
    readonly extra: { retryAfterSec?: number; details?: Record<string, unknown> } = {},
  ) {
    super(`${code}: ${hint}`);
  }
}
