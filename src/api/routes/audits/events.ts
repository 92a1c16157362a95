// GET /audits/{run_id}/events: the progress stream as server-sent events. Events are persisted,
// so a client replays what it missed with Last-Event-ID, a late client gets the whole history,
// and the stream closes once the terminal `end` event is sent.
import type { FastifyInstance } from 'fastify';
import { isTerminal } from '../../../report/build.js';
import { endEventData } from '../../../links.js';
import type { Runtime } from '../../../runtime.js';
import type { RunEvent } from '../../../store/index.js';
import { ApiError } from '../../errors.js';
import { errorResponses, RunIdParams } from '../../schemas.js';

const KEEPALIVE_MS = 15_000;
const POLL_MS = 1_000;
const END_GRACE_MS = 10_000;

function frame(e: Pick<RunEvent, 'type' | 'data'> & { id?: number }): string {
  return `${e.id !== undefined ? `id: ${e.id}\n` : ''}event: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`;
}

export default async function eventRoutes(app: FastifyInstance, { rt }: { rt: Runtime }) {
  app.get('/audits/:run_id/events', {
    schema: {
      tags: ['audits'],
      summary: 'Progress stream (text/event-stream): queued, started, page, checks, end',
      params: RunIdParams,
      response: errorResponses(404, 422),
    },
    handler: async (req, reply) => {
      const { run_id } = req.params as { run_id: string };
      const run = await rt.store.runs.get(run_id);
      if (!run) throw new ApiError('not_found', `No run ${run_id}.`);
      const header = req.headers['last-event-id'];
      let last = Number(Array.isArray(header) ? header[0] : header) || Number((req.query as Record<string, string>)['last_event_id']) || 0;
      let ended = false;
      let buffered: RunEvent[] | null = [];

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 2000\n\n');

      const close = () => {
        if (ended) return;
        ended = true;
        unsubscribe();
        clearInterval(keepalive);
        clearInterval(poll);
        res.end();
      };
      const send = (e: RunEvent) => {
        if (ended || e.id <= last) return;
        last = e.id;
        res.write(frame(e));
        if (e.type === 'end') close();
      };
      // Subscribe before replaying so nothing appended in between is lost.
      const unsubscribe = rt.store.events.subscribe(run_id, (e) => (buffered ? buffered.push(e) : send(e)));
      const catchUp = async () => {
        for (const e of await rt.store.events.list(run_id, last)) send(e);
        if (ended) return;
        // A terminal run whose `end` event was never written (a crash between finishing the run and
        // appending `end`): end the stream here, once the writer has had ample time to append it.
        const now = await rt.store.runs.get(run_id);
        const stale = now?.finished_at ? Date.parse(now.finished_at) < Date.now() - END_GRACE_MS : false;
        if (now && isTerminal(now.status) && stale) {
          for (const e of await rt.store.events.list(run_id, last)) send(e);
          if (!ended) {
            res.write(frame({ type: 'end', data: endEventData(now, now) }));
            close();
          }
        }
      };
      const keepalive = setInterval(() => res.write(': keep-alive\n\n'), KEEPALIVE_MS);
      // Safety net for events appended by another process when no notification reaches us.
      const poll = setInterval(() => catchUp().catch(() => close()), POLL_MS);
      req.raw.on('close', close);
      try {
        await catchUp();
      } finally {
        const pending = buffered ?? [];
        buffered = null;
        for (const e of pending) send(e);
      }
    },
  });
}
