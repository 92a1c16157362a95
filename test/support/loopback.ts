// A test's own small web server on loopback: a request handler, served on a free port of 127.0.0.1.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackServer {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  /** `127.0.0.1:PORT`, as QA_URL_ALLOWLIST spells it. */
  host: string;
  port: number;
  /** Stops it, cutting open connections (a browser keeps some alive). */
  close(): Promise<void>;
}

export async function serveOnLoopback(handler: http.RequestListener): Promise<LoopbackServer> {
  const server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}
