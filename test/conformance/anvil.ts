/**
 * A real, independent node for the conformance suite: Foundry's anvil (npm @foundry-rs/anvil-linux-amd64,
 * a binary inside the package), started on a free loopback port, with a small gateway in front shaped
 * like a provider: `POST /<key>/evm` goes to anvil's `/`, anything else is a 404. Also the signing and
 * sending of real transactions with anvil's well-known development keys (viem), and the node's own
 * answers to compare with. Anvil is killed when the suite ends, and when the process exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as net from 'node:net';
import * as path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { ForwardingProxy, tunnelUpgrade } from '../support/forwardingProxy';

const ROOT = path.resolve(__dirname, '..', '..');
export const ANVIL_BINARY = path.join(ROOT, 'node_modules', '@foundry-rs', 'anvil-linux-amd64', 'bin', 'anvil');
export const CHAIN_ID = 31337;
export const GATEWAY_KEY = 'conformance-key';

/** anvil's default development keys (from its mnemonic "test test … junk"); public, for local chains only. */
export const DEV_KEYS: Hex[] = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
];

export interface AnvilNode {
  /** `http://127.0.0.1:<gateway port>`: the provider's base URL, for `{base}/<key>/evm`. */
  baseUrl: string;
  key: string;
  /** JSON-RPC straight to anvil (for setup and for the node's own answers). */
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  accounts: PrivateKeyAccount[];
  /** Requests the gateway forwarded. */
  forwarded: number;
  /** What its `eth_chainId` answers (transactions are signed for it). */
  chainId: number;
  /** anvil's own WebSocket address (`ws://127.0.0.1:<anvil port>/`: `eth_subscribe` is served there). */
  wsUrl: string;
  /** WebSockets the gateway forwarded (`/<key>/evm` upgraded to anvil's `/`). */
  upgrades: number;
  /** Cuts every WebSocket the gateway forwards now (a dropped network); new ones are taken. */
  cutSockets(): void;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** `chainId`: anvil's own 31337 by default; 999 to stand for HyperEVM mainnet where the extension checks the chain. */
export async function startAnvil(options: { chainId?: number } = {}): Promise<AnvilNode> {
  const port = await freePort();
  const chainId = options.chainId ?? CHAIN_ID;
  const child = spawn(ANVIL_BINARY, ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--hardfork', 'prague', '--silent'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.add(child);
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()).length > 4000 && (stderr = stderr.slice(-4000)));
  const anvilUrl = `http://127.0.0.1:${port}/`;
  let id = 1;
  const rpc = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    const res = await fetch(anvilUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: id++, method, params }),
    });
    const body = (await res.json()) as { result?: T; error?: { message: string } };
    if (body.error) throw new Error(`anvil ${method}: ${body.error.message}`);
    return body.result as T;
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited (${child.exitCode}): ${stderr}`);
    try {
      await rpc('eth_chainId');
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`anvil did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const node: AnvilNode = {
    baseUrl: '',
    key: GATEWAY_KEY,
    rpc,
    accounts: DEV_KEYS.map((k) => privateKeyToAccount(k)),
    forwarded: 0,
    chainId,
    wsUrl: `ws://127.0.0.1:${port}/`,
    upgrades: 0,
    cutSockets: () => undefined,
    close: async () => undefined,
  };
  // The gateway's WebSocket: an upgrade of the keyed path goes to anvil's `/` as raw TCP, both ways.
  const piped = new Set<net.Socket>();
  node.cutSockets = () => {
    for (const s of piped) s.destroy();
    piped.clear();
  };
  // The one forwarding proxy (test/support/forwardingProxy.ts), routing the keyed path to anvil's `/`.
  const gateway = new ForwardingProxy({
    target: anvilUrl,
    mode: 'stream',
    failure: 'badGateway',
    route: (req) => (req.method === 'POST' && req.url === `/${GATEWAY_KEY}/evm` ? '/' : undefined),
    onRequest: () => void node.forwarded++,
    upgrade: (req, socket, head) => {
      if (req.url !== `/${GATEWAY_KEY}/evm`) return void socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      node.upgrades += 1;
      tunnelUpgrade(req, socket, head, port, '/', piped);
    },
  });
  node.baseUrl = await gateway.start();
  node.close = async () => {
    node.cutSockets();
    await gateway.close();
    child.kill('SIGTERM');
    await new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
    running.delete(child);
  };
  return node;
}

/**
 * A contract whose code always reverts (runtime `PUSH1 0 PUSH1 0 REVERT`), deployed by this init code:
 * it copies the 5 runtime bytes and returns them.
 */
export const REVERTER_INIT_CODE: Hex = '0x6460006000fd6000526005601bf3';

/** Signs transactions with the development keys (nonces counted here) and hands them to the node. */
export class Sender {
  private readonly nonces = new Map<string, number>();
  constructor(private readonly node: AnvilNode) {}

  /** Signs `tx` with development key `from` and sends it; returns its hash. */
  async send(from: number, tx: Record<string, unknown>): Promise<Hex> {
    const account = this.node.accounts[from]!;
    const nonce = this.nonces.get(account.address) ?? 0;
    this.nonces.set(account.address, nonce + 1);
    const raw = await account.signTransaction({ chainId: this.node.chainId, nonce, gas: 21_000n, value: 0n, ...tx } as never);
    return this.node.rpc<Hex>('eth_sendRawTransaction', [raw]);
  }

  /** The receipt, once the node has mined the transaction (automine answers before it has). */
  async receiptOf(hash: Hex): Promise<NodeReceipt> {
    for (let i = 0; i < 100; i++) {
      const receipt = await this.node.rpc<NodeReceipt | null>('eth_getTransactionReceipt', [hash]);
      if (receipt) return receipt;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no receipt for ${hash}`);
  }

  /** Mines the pending transactions into one block; returns its number. */
  async mine(): Promise<number> {
    await this.node.rpc('evm_mine');
    return Number.parseInt(await this.node.rpc<string>('eth_blockNumber'), 16);
  }

  /** Deploys the always-reverting contract (with automine on); returns its address. */
  async deployReverter(): Promise<Hex> {
    const hash = await this.send(1, { ...eip1559(1n), to: null, data: REVERTER_INIT_CODE, gas: 100_000n });
    return (await this.receiptOf(hash)).contractAddress as Hex;
  }

  /**
   * With automine off: one block with every transaction type anvil takes (legacy, EIP-2930, EIP-1559,
   * EIP-7702 with an authorization list), a contract creation and a reverted `transfer` call.
   */
  async mineMixedBlock(reverter: Hex): Promise<number> {
    const to = (i: number) => this.node.accounts[i]!.address;
    await this.send(0, { type: 'legacy', gasPrice: 5n * GWEI, to: to(1), value: 10n ** 18n });
    await this.send(0, {
      type: 'eip2930',
      gasPrice: 4n * GWEI,
      to: to(1),
      value: 2n,
      accessList: [{ address: reverter, storageKeys: [`0x${'0'.repeat(64)}`] }],
      gas: 30_000n,
    });
    await this.send(0, { ...eip1559(2n), to: to(2), value: 3n });
    const authority = this.node.accounts[3]!;
    const authorization = await authority.signAuthorization({ address: reverter, chainId: this.node.chainId, nonce: this.nonces.get(authority.address) ?? 0 });
    await this.send(0, {
      type: 'eip7702',
      maxFeePerGas: 20n * GWEI,
      maxPriorityFeePerGas: 1n * GWEI,
      to: to(1),
      authorizationList: [authorization],
      gas: 100_000n,
    });
    await this.send(1, { ...eip1559(1n), to: null, data: REVERTER_INIT_CODE, gas: 100_000n });
    // transfer(address,uint256) to a contract that reverts: a named method, and a failed transaction.
    await this.send(2, { ...eip1559(3n), to: reverter, data: `0xa9059cbb${'00'.repeat(64)}`, gas: 60_000n });
    return this.mine();
  }
}

export const GWEI = 1_000_000_000n;

/** EIP-1559 fee fields with the given priority fee in gwei. */
export function eip1559(priorityGwei: bigint): Record<string, unknown> {
  return { type: 'eip1559', maxFeePerGas: 20n * GWEI, maxPriorityFeePerGas: priorityGwei * GWEI };
}

export interface NodeTransaction {
  hash: string;
  from: string;
  to: string | null;
  value: string;
  input: string;
  transactionIndex: string;
  type: string;
}

export interface NodeReceipt {
  transactionHash: string;
  status: string;
  gasUsed: string;
  effectiveGasPrice: string;
  contractAddress: string | null;
}

export interface NodeBlock {
  number: string;
  hash: string;
  parentHash: string;
  timestamp: string;
  miner: string;
  gasUsed: string;
  gasLimit: string;
  baseFeePerGas?: string;
  transactions: NodeTransaction[];
}
