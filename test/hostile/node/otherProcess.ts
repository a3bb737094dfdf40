/**
 * Requests sent from another process, as another local user or program would (a shell with curl, a
 * script), with any `Host`, `Origin` and `Content-Type` they like: a child `node` that reads its list of
 * requests on stdin and answers, for each, the status, the size and the start of the body.
 */
import { spawn } from 'node:child_process';

export interface RawRequest {
  method?: string;
  path: string;
  /** Sent as they are, `Host` included (default: 127.0.0.1:port). */
  headers?: Record<string, string>;
  body?: string;
}

export interface RawAnswer {
  status: number;
  bytes: number;
  /** The first 400 characters of the body. */
  head: string;
  ms: number;
}

// Plain Node, no TypeScript: the child starts in ~50 ms and shares nothing with the test's process.
const CLIENT = `
const http = require('node:http');
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (c) => (input += c));
process.stdin.on('end', async () => {
  const { port, requests } = JSON.parse(input);
  const agent = new http.Agent({ keepAlive: false });
  for (const r of requests) {
    const started = performance.now();
    const answer = await new Promise((resolve) => {
      const req = http.request({ host: '127.0.0.1', port, method: r.method || 'POST', path: r.path, headers: r.headers || {}, agent }, (res) => {
        let bytes = 0;
        let head = '';
        res.on('data', (c) => {
          bytes += c.length;
          if (head.length < 400) head += c.toString('utf8', 0, Math.min(c.length, 400));
        });
        res.on('end', () => resolve({ status: res.statusCode, bytes, head: head.slice(0, 400) }));
      });
      req.on('error', (e) => resolve({ status: 0, bytes: 0, head: String(e.code || e.message) }));
      req.end(r.body);
    });
    process.stdout.write(JSON.stringify({ ...answer, ms: performance.now() - started }) + '\\n');
  }
});
`;

/** Sends `requests` one after another from a child process to 127.0.0.1:`port`. */
export function fromOtherProcess(port: number, requests: RawRequest[]): Promise<RawAnswer[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CLIENT], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (c: string) => (out += c));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`the other process exited with ${code}`));
      resolve(
        out
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as RawAnswer),
      );
    });
    child.stdin.end(JSON.stringify({ port, requests }));
  });
}
