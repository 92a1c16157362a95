// A request the URL guard refused, with the reason: what the proxy records for the evidence.
export interface BlockedRequest {
  url: string;
  reason: string;
  page: string | null;
}
