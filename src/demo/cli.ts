// Standalone demo node: `node dist/demoNode.js [--port N] [--control] [--page-direction first|last]
// [--without METHOD]… [--chain-id N] [--provider full|chainstack|quicknode|public] [--no-failing-dex] [--history-blocks N]
// [--market-tick-ms N] [--block-ms N]`
// (`--without ots_traceTransaction`: a node without traces; `--chain-id 998`: a testnet node; `--provider`:
// see `DemoProvider`; `--no-failing-dex`: the market maker's `outage` dex answers `[]` instead of HTTP 500;
// `--market-tick-ms`: mids and marks move every N ms, pushed over `/ws`; `--block-ms`: a new block every
// N ms, pushed to `eth_subscribe` `newHeads`).
// Prints one JSON line `{"baseUrl","apiKey","port"}` once it listens (the key is fresh for each start:
// read it there); closes on SIGINT/SIGTERM.
// The extension loads this same file lazily (Try Demo Data), so the demo node stays out of its bundle.
import { setDemoHistoryBlocks } from './addressSearch';
import { DEMO_PROVIDERS, startDemoNode, type DemoNodeOptions, type DemoProvider } from './demoNode';

export { startDemoNode } from './demoNode';

function parseArgs(argv: readonly string[]): DemoNodeOptions {
  const options: DemoNodeOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    switch (arg) {
      case '--port': {
        const port = Number(value());
        if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('--port takes 0..65535');
        options.port = port;
        break;
      }
      case '--control':
        options.control = true;
        break;
      case '--page-direction': {
        const d = value();
        if (d !== 'first' && d !== 'last') throw new Error('--page-direction takes first or last');
        options.pageDirection = d;
        break;
      }
      case '--without': {
        const method = value();
        if (!/^[a-z]+_[A-Za-z]+$/.test(method)) throw new Error('--without takes a JSON-RPC method name, such as ots_traceTransaction');
        options.unsupportedMethods = [...(options.unsupportedMethods ?? []), method];
        break;
      }
      case '--chain-id': {
        const id = Number(value());
        if (!Number.isSafeInteger(id) || id < 1) throw new Error('--chain-id takes a positive whole number');
        options.chainId = id;
        break;
      }
      case '--provider': {
        const p = value();
        if (!(DEMO_PROVIDERS as readonly string[]).includes(p)) throw new Error(`--provider takes ${DEMO_PROVIDERS.join(', ')}`);
        options.provider = p as DemoProvider;
        break;
      }
      case '--no-failing-dex':
        options.failingDex = false;
        break;
      case '--market-tick-ms': {
        const ms = Number(value());
        if (!Number.isInteger(ms) || ms < 100) throw new Error('--market-tick-ms takes a whole number of ms, at least 100');
        options.marketTickMs = ms;
        break;
      }
      case '--block-ms': {
        const ms = Number(value());
        if (!Number.isInteger(ms) || ms < 100) throw new Error('--block-ms takes a whole number of ms, at least 100');
        options.blockMs = ms;
        break;
      }
      case '--history-blocks':
        // The address search's window: one per process, set before the node answers anything.
        setDemoHistoryBlocks(Number(value()));
        break;
      default:
        throw new Error(`unknown argument ${arg ?? ''}`);
    }
  }
  return options;
}

async function main(): Promise<void> {
  const node = await startDemoNode(parseArgs(process.argv.slice(2)));
  process.stdout.write(JSON.stringify({ baseUrl: node.baseUrl, apiKey: node.apiKey, port: node.port }) + '\n');
  const stop = () => {
    void node.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (require.main === module) {
  main().catch((e: unknown) => {
    process.stderr.write(`demo node: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  });
}
