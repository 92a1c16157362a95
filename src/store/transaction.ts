// Writes that must land together (a run, its first event and its queue delivery) share one database
// transaction. Signals and in-process deliveries promised inside it go out only once it commits: a
// listener woken before the commit would re-read and find nothing.
import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from './connect.js';
import type { Database } from './schema.js';
import type { Signals } from './signals.js';

export interface StoreTx {
  /** The open transaction; repositories and the run queue write through it. */
  readonly db: Transaction<Database>;
  /** A signal sent on commit (Postgres: NOTIFY inside the transaction, all in one statement). */
  notify(topic: string, payload: string): void;
  /** Runs after the commit, in the order given; never after a rollback. */
  afterCommit(fn: () => void): void;
}

/**
 * Runs `work` in one transaction. Every write inside must go through the tx (repository methods take
 * it as their last argument): a call without it runs on another connection, outside the transaction.
 */
export type TransactionRunner = <T>(work: (tx: StoreTx) => Promise<T>) => Promise<T>;

export function createTransactionRunner(db: Kysely<Database>, dialect: Dialect, signals: Signals): TransactionRunner {
  return async (work) => {
    const messages: Array<[topic: string, payload: string]> = [];
    const hooks: Array<() => void> = [];
    const result = await db.transaction().execute(async (trx) => {
      const value = await work({
        db: trx,
        notify: (topic, payload) => void messages.push([topic, payload]),
        afterCommit: (fn) => void hooks.push(fn),
      });
      // Postgres queues NOTIFYs with the transaction and delivers them only when it commits.
      if (dialect === 'postgres' && messages.length > 0) await signals.notifyAll(messages, trx);
      return value;
    });
    // Committed: from here on nothing may turn the result into an error (the caller would report a
    // failure for writes that landed). Signals and hooks are hints; receivers re-read rows anyway.
    if (dialect === 'sqlite' && messages.length > 0) await signals.notifyAll(messages).catch(() => {});
    for (const hook of hooks) {
      try {
        hook();
      } catch {
        // A broken hook costs a wake-up, never the committed result.
      }
    }
    return result;
  };
}
