// Run events: the persisted, replayable progress stream behind SSE. Ids run 1, 2, 3… per run with no
// gaps, even under concurrent appends, so a client resumes exactly with Last-Event-ID.
import { sql, type Kysely, type Selectable } from 'kysely';
import { fromJsonObject, iso, toJson } from './codec.js';
import type { Dialect } from './connect.js';
import { EventSubscription, type RunEvent, type RunEventListener } from './event-subscription.js';
import type { Database, RunEventsTable } from './schema.js';
import type { Signals } from './signals.js';
import type { StoreTx, TransactionRunner } from './transaction.js';

export type { RunEvent, RunEventListener } from './event-subscription.js';

export interface EventsRepo {
  /**
   * Stores the next event of the run (id = previous + 1) and tells subscribers in every process.
   * Within `tx`, subscribers are told once the transaction commits.
   */
  append(runId: string, type: string, data: Record<string, unknown>, now: Date, tx?: StoreTx): Promise<RunEvent>;
  /**
   * Event 1 of a run created in `tx`: nobody can append to or follow a run before it commits, so
   * this skips the lock and the signal. Fails (duplicate key) if the run already has events.
   */
  appendFirst(runId: string, type: string, data: Record<string, unknown>, now: Date, tx: StoreTx): Promise<RunEvent>;
  /** Events with id > afterId, oldest first. */
  list(runId: string, afterId: number): Promise<RunEvent[]>;
  /**
   * Calls `listener` once per event, in id order. With `afterId`, first replays every stored event
   * after it, then continues live with no gap or duplicate (what an SSE route wants). Without it,
   * delivers events appended from about now on. Returns the unsubscribe function.
   */
  subscribe(runId: string, listener: RunEventListener, afterId?: number): () => void;
}

const TOPIC = 'run_events';

function toRunEvent(r: Selectable<RunEventsTable>): RunEvent {
  return { id: Number(r.id), run_id: r.run_id, type: r.type, data: fromJsonObject(r.data), created_at: r.created_at };
}

export function createEventsRepo(db: Kysely<Database>, dialect: Dialect, signals: Signals, transaction: TransactionRunner): EventsRepo {
  const subscriptions = new Map<string, Set<EventSubscription>>();
  let listening = false;

  const list = async (runId: string, afterId: number): Promise<RunEvent[]> => {
    const rows = await db
      .selectFrom('run_events')
      .selectAll()
      .where('run_id', '=', runId)
      .where('id', '>', afterId)
      .orderBy('id')
      .execute();
    return rows.map(toRunEvent);
  };

  const insertNext = (ex: Kysely<Database>, runId: string, type: string, data: string, at: string) =>
    ex
      .insertInto('run_events')
      .columns(['run_id', 'id', 'type', 'data', 'created_at'])
      .expression(
        ex
          .selectFrom('run_events')
          .select([
            sql<string>`${runId}`.as('run_id'),
            sql<number>`coalesce(max(id), 0) + 1`.as('id'),
            sql<string>`${type}`.as('type'),
            sql<string>`${data}`.as('data'),
            sql<string>`${at}`.as('created_at'),
          ])
          .where('run_id', '=', runId),
      )
      .returningAll()
      .executeTakeFirstOrThrow();

  /** Inside a transaction: on Postgres a per-run advisory lock serializes appends to one run (max + 1
   * would otherwise collide); SQLite's single writer already does. */
  const appendIn = async (trx: Kysely<Database>, runId: string, type: string, data: string, at: string) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('siteqa.run_events'), hashtext(${runId}))`.execute(trx);
    return insertNext(trx, runId, type, data, at);
  };
  const hintFor = (event: RunEvent) => JSON.stringify({ run_id: event.run_id, id: event.id });

  // Subscribers in this Store get the event directly; the signal then reaches the other instances.
  const offer = (event: RunEvent) => {
    for (const s of subscriptions.get(event.run_id) ?? []) s.offer(event);
  };

  const startListening = () => {
    if (listening) return;
    listening = true;
    signals.listen(TOPIC, (payload) => {
      const { run_id, id } = JSON.parse(payload) as { run_id: string; id: number };
      for (const s of subscriptions.get(run_id) ?? []) s.hint(id);
    });
    signals.onReconnect(() => subscriptions.forEach((set) => set.forEach((s) => s.resync())));
  };

  const append: EventsRepo['append'] = async (runId, type, data, now, tx) => {
    const json = toJson(data);
    if (tx) {
      const event = toRunEvent(await appendIn(tx.db, runId, type, json, iso(now)));
      tx.notify(TOPIC, hintFor(event));
      tx.afterCommit(() => offer(event));
      return event;
    }
    if (dialect === 'sqlite') {
      // One statement holds SQLite's write lock from reading max(id) to inserting, so it is atomic.
      const event = toRunEvent(await insertNext(db, runId, type, json, iso(now)));
      offer(event);
      await signals.notify(TOPIC, hintFor(event));
      return event;
    }
    // Postgres: the NOTIFY sent in the same transaction goes out only if the event commits.
    return transaction((own) => append(runId, type, data, now, own));
  };

  return {
    append,
    async appendFirst(runId, type, data, now, tx) {
      const row = await tx.db
        .insertInto('run_events')
        .values({ run_id: runId, id: 1, type, data: toJson(data), created_at: iso(now) })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRunEvent(row);
    },
    list,

    subscribe(runId, listener, afterId) {
      startListening();
      const sub = new EventSubscription(runId, listener, { list, ready: () => signals.ready() }, afterId);
      let set = subscriptions.get(runId);
      if (!set) subscriptions.set(runId, (set = new Set()));
      set.add(sub);
      return () => {
        sub.close();
        set.delete(sub);
        if (set.size === 0 && subscriptions.get(runId) === set) subscriptions.delete(runId);
      };
    },
  };
}
