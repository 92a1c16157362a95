// An expected refusal from a service, carrying an error code of the API's registry and a hint.
export class ServiceError extends Error {
  constructor(
    readonly code: string,
    readonly hint: string,
    readonly extra: { retryAfterSec?: number } = {},
  ) {
    super(`${code}: ${hint}`);
  }
}
