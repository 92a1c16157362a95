// Idempotency keys: the first request with a key runs, later ones within 24 h replay its response.
// The (scope, key) primary key makes "first" a database fact, so it holds across API processes.
import type { Kysely } from 'kysely';
import { fromJsonObject, iso, toJson } from './codec.js';
import type { Database } from './schema.js';

export type IdempotencyBegin =
  | { state: 'new' }
  | { state: 'pending' }
  | { state: 'done'; request_hash: string; status: number; body: string; headers: Record<string, string> };

export interface IdempotencyRepo {
  /** Claims the key with a pending row if none exists; rows older than the window count as absent. */
  begin(scope: string, key: string, requestHash: string, now: Date): Promise<IdempotencyBegin>;
  complete(scope: string, key: string, status: number, body: string, headers: Record<string, string>): Promise<void>;
  /** The request failed before producing a response worth replaying (5xx): free the key. */
  abandon(scope: string, key: string): Promise<void>;
}

/** A replay within this window returns the original response (spec: Limits). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * A pending row this old belongs to a request whose process died mid-flight (no API request takes
 * minutes); without this the key would answer "in progress" for a whole day.
 */
export const IDEMPOTENCY_PENDING_TTL_MS = 10 * 60 * 1000;

export function createIdempotencyRepo(db: Kysely<Database>): IdempotencyRepo {
  return {
    async begin(scope, key, requestHash, now) {
      const windowStart = iso(new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS));
      const pendingStart = iso(new Date(now.getTime() - IDEMPOTENCY_PENDING_TTL_MS));
      // A few rounds: a row seen as conflicting can be abandoned before we read it.
      for (let round = 0; round < 3; round++) {
        // Expired rows are pruned for every key (indexed on created_at), which also frees this one.
        await db.deleteFrom('idempotency_keys').where('created_at', '<', windowStart).execute();
        await db
          .deleteFrom('idempotency_keys')
          .where('scope', '=', scope)
          .where('key', '=', key)
          .where('state', '=', 'pending')
          .where('created_at', '<', pendingStart)
          .execute();
        const inserted = await db
          .insertInto('idempotency_keys')
          .values({
            scope,
            key,
            request_hash: requestHash,
            state: 'pending',
            status: null,
            body: null,
            headers: null,
            created_at: iso(now),
          })
          .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
          .returning('key')
          .executeTakeFirst();
        if (inserted) return { state: 'new' };
        const row = await db
          .selectFrom('idempotency_keys')
          .selectAll()
          .where('scope', '=', scope)
          .where('key', '=', key)
          .executeTakeFirst();
        if (!row) continue;
        if (row.state !== 'done' || row.status === null) return { state: 'pending' };
        const headers = Object.fromEntries(
          Object.entries(fromJsonObject(row.headers)).map(([k, v]) => [k, String(v)]),
        );
        return { state: 'done', request_hash: row.request_hash, status: Number(row.status), body: row.body ?? '', headers };
      }
      return { state: 'pending' };
    },

    async complete(scope, key, status, body, headers) {
      await db
        .updateTable('idempotency_keys')
        .set({ state: 'done', status, body, headers: toJson(headers) })
        .where('scope', '=', scope)
        .where('key', '=', key)
        .execute();
    },

    async abandon(scope, key) {
      // Only a pending row: a completed response stays replayable for its full window.
      await db
        .deleteFrom('idempotency_keys')
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where('state', '=', 'pending')
        .execute();
    },
  };
}
