// An expected refusal from a service, carrying an error code of the API's registry and a hint.
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
