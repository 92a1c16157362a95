// Signals on Postgres: NOTIFY to send, one dedicated LISTEN session per Store to receive, re-opened
// with backoff when it drops (after which receivers are told to re-read what they may have missed).
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { SignalsBase, type Signals } from './signals.js';

/**
 * One channel per schema and topic, so stores on other schemas of one database (tests) stay apart.
 * Channel names are identifiers (at most 63 bytes): an odd or long schema name is replaced by a hash.
 */
export function channelName(schema: string, topic: string): string {
  const readable = `siteqa:${schema}:${topic}`;
  if (/^[a-z0-9_]+$/.test(schema) && Buffer.byteLength(readable) <= 63) return readable;
  return `siteqa:${createHash('sha256').update(schema).digest('hex').slice(0, 16)}:${topic}`;
}

export class PostgresSignals extends SignalsBase implements Signals {
  #client: pg.Client | null = null;
  #connecting: Promise<pg.Client> | null = null;
  #listening = new Set<string>();
  /** LISTEN statements one after another: a pg client runs one query at a time. */
  #listenQueue: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(
    private readonly db: Kysely<any>,
    private readonly config: pg.ClientConfig,
    private readonly schema: string,
  ) {
    super();
  }

  #channel(topic: string): string {
    return channelName(this.schema, topic);
  }

  async notify(topic: string, payload: string, executor?: Kysely<any>): Promise<void> {
    await this.notifyAll([[topic, payload]], executor);
  }

  async notifyAll(messages: ReadonlyArray<readonly [topic: string, payload: string]>, executor?: Kysely<any>): Promise<void> {
    if (messages.length === 0) return;
    const calls = messages.map(([topic, payload]) => sql`pg_notify(${this.#channel(topic)}, ${payload})`);
    await sql`select ${sql.join(calls)}`.execute(executor ?? this.db);
  }

  protected override started(): void {
    this.ready().catch(() => {});
  }

  ready(): Promise<void> {
    const next = this.#listenQueue.then(() => this.#listenAll());
    this.#listenQueue = next.catch(() => {});
    return next;
  }

  async #listenAll(): Promise<void> {
    const client = await this.#connection();
    for (const topic of this.handlers.keys()) {
      if (this.#listening.has(topic)) continue;
      await client.query(`LISTEN "${this.#channel(topic).replaceAll('"', '""')}"`);
      this.#listening.add(topic);
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.handlers.clear();
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => {});
  }

  #connection(): Promise<pg.Client> {
    if (this.#closed) return Promise.reject(new Error('store is closed'));
    this.#connecting ??= this.#connect();
    return this.#connecting;
  }

  async #connect(): Promise<pg.Client> {
    for (let delay = 250; ; delay = Math.min(delay * 2, 5000)) {
      if (this.#closed) throw new Error('store is closed');
      const client = new pg.Client(this.config);
      client.on('notification', (msg) => {
        const prefix = this.#channel('');
        if (msg.channel.startsWith(prefix)) this.dispatch(msg.channel.slice(prefix.length), msg.payload ?? '');
      });
      client.on('error', () => this.#lost(client));
      client.on('end', () => this.#lost(client));
      try {
        await client.connect();
      } catch {
        await client.end().catch(() => {});
        await new Promise((r) => setTimeout(r, delay));
        continue;
      }
      if (this.#closed) {
        await client.end().catch(() => {});
        throw new Error('store is closed');
      }
      this.#client = client;
      this.#listening.clear();
      return client;
    }
  }

  #lost(client: pg.Client): void {
    if (this.#client !== client) return;
    this.#client = null;
    this.#connecting = null;
    client.end().catch(() => {});
    if (this.#closed) return;
    // Signals sent while no session listened are gone: listen again, then let receivers re-read.
    this.ready().then(
      () => this.reconnectHooks.forEach((hook) => hook()),
      () => {},
    );
  }
}
