// The mail outbox: where messages go when no SMTP server is configured; `siteqa admin outbox` prints it.
import type { Kysely } from 'kysely';
import { iso } from './codec.js';
import type { Database, MailOutboxTable } from './schema.js';

export type OutboxMessage = MailOutboxTable;

export interface MailOutboxRepo {
  add(message: Omit<OutboxMessage, 'created_at'>, now: Date): Promise<void>;
  /** Oldest first. */
  list(limit: number): Promise<OutboxMessage[]>;
}

export function createMailOutboxRepo(db: Kysely<Database>): MailOutboxRepo {
  return {
    async add(message, now) {
      await db.insertInto('mail_outbox').values({ ...message, created_at: iso(now) }).execute();
    },
    async list(limit) {
      return db.selectFrom('mail_outbox').selectAll().orderBy('created_at').orderBy('id').limit(limit).execute();
    },
  };
}
