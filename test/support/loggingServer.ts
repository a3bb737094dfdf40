/** A provider on loopback that answers nothing of use (401) and logs every request URL it gets: where a key must never go. */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoggingServer {
  readonly baseUrl: string;
  /** Every request URL received, oldest first. */
  readonly urls: string[];
  close(): Promise<void>;
}

export async function startLoggingServer(): Promise<LoggingServer> {
  const urls: string[] = [];
  const server = http.createServer((req, res) => {
    urls.push(req.url ?? '');
    req.resume();
    res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unknown key"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, urls, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
