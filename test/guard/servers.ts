// Loopback HTTP servers for the guard tests: each counts the requests that reached it.
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface CountingServer {
  port: number;
  /** `host:port` as allowlist entries spell it. */
  hostPort: string;
  origin: string;
  /** Every request that reached the server, upgrades and tunnels' inner requests included. */
  hits: { method: string; url: string; host: string | undefined }[];
  server: http.Server;
  close(): Promise<void>;
}

export async function startCountingServer(handler: RequestListener = (_req, res) => res.end('ok')): Promise<CountingServer> {
  const hits: CountingServer['hits'] = [];
  const sockets = new Set<Socket>();
  // Real sites accept long URLs and cookies; Node's 16 kB default would make the proxy look at fault.
  const server = http.createServer({ maxHeaderSize: 256 * 1024 }, (req: IncomingMessage, res: ServerResponse) => {
    hits.push({ method: req.method ?? '', url: req.url ?? '', host: req.headers.host });
    handler(req, res);
  });
  server.on('upgrade', (req: IncomingMessage) => {
    hits.push({ method: req.method ?? '', url: req.url ?? '', host: req.headers.host });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    hostPort: `127.0.0.1:${port}`,
    origin: `http://127.0.0.1:${port}`,
    hits,
    server,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
    }),
  };
}

/** A port that was free a moment ago and has nothing listening on it now. */
export async function closedPort(): Promise<number> {
  const s = await startCountingServer();
  await s.close();
  return s.port;
}
