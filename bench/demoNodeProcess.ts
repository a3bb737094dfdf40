// The demo node in its own process (`node dist/demoNode.js`), so that the server does not share an event
// loop, or a core, with the client being measured. Stopped by PID (its own process group).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnTracked, withTimeout } from '../test/host/processes';

const ROOT = path.resolve(__dirname, '..');
const BUNDLE = path.join(ROOT, 'dist', 'demoNode.js');

export interface DemoNodeProcess {
  baseUrl: string;
  apiKey: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startDemoNodeProcess(args: string[] = []): Promise<DemoNodeProcess> {
  if (!fs.existsSync(BUNDLE)) throw new Error(`${path.relative(ROOT, BUNDLE)} is missing: run \`node esbuild.mjs --production\` first`);
  const node = spawnTracked(process.execPath, [BUNDLE, ...args], { name: 'demo node', stdio: ['ignore', 'pipe', 'inherit'], cwd: ROOT });
  // cli.ts prints one JSON line {baseUrl, apiKey, port} once it listens.
  const first = new Promise<string>((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString('utf8');
      const nl = out.indexOf('\n');
      if (nl >= 0) {
        node.child.stdout?.off('data', onData);
        node.child.stdout?.resume(); // never let a full pipe stall the node
        resolve(out.slice(0, nl));
      }
    };
    node.child.stdout?.on('data', onData);
    void node.exited.then((code) => reject(new Error(`the demo node exited (${code}) before it listened`)));
  });
  try {
    const line = await withTimeout(first, 15_000, 'the demo node to listen');
    const { baseUrl, apiKey } = JSON.parse(line) as { baseUrl: string; apiKey: string };
    const stop = async () => {
      const t = performance.now();
      await node.stop(3000);
      console.error(`[bench] demo node stopped in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    };
    return { baseUrl, apiKey, pid: node.pid, stop };
  } catch (e) {
    await node.stop(1000);
    throw e;
  }
}
