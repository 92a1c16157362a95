// Share tokens: 192 random bits, URL-safe. Holding one is the authorization to read a report.
import { randomBytes } from 'node:crypto';

export function newShareToken(): string {
  return randomBytes(24).toString('base64url');
}

export function reportUrlFor(shareToken: string): string {
  return `/r/${shareToken}`;
}

export function eventsUrlFor(runId: string): string {
  return `/api/v1/audits/${runId}/events`;
}
