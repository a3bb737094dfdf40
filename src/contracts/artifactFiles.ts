/**
 * What one file of the workspace says about its contracts, by the layout it belongs to (see docs/FACTS.md#the-developers-own-files,
 * "The developer's own files"): ABIs from build output (Foundry `out/`, Hardhat `artifacts/`, plain
 * `*.abi.json`), and addresses from deployment records only (Foundry `broadcast/`, Hardhat Ignition,
 * hardhat-deploy, OpenZeppelin's `.openzeppelin/`). An address written in an artifact or an ABI file is
 * never read: an ABI cannot claim a deployed contract's address. Pure: a path and parsed JSON in, plain
 * records out; anything of the wrong shape is left out.
 */
import { isAddress } from '../core/hex';
import type { Address } from '../core/model';
import { isObject, readAbi, type AbiEntry } from './abi';

/** The layouts a file can belong to, found from its path alone. */
export type FileKind =
  | { kind: 'foundryArtifact'; contract: string }
  | { kind: 'foundryBroadcast'; chainId: number }
  | { kind: 'hardhatArtifact'; contract: string }
  | { kind: 'ignitionAddresses'; chainId: number }
  | { kind: 'hardhatDeploy'; network: string; contract: string }
  | { kind: 'hardhatDeployChainId'; network: string }
  | { kind: 'openZeppelin'; chainId: number }
  | { kind: 'plainAbi'; contract: string };

/** A contract's ABI from build output. */
export interface ArtifactRecord {
  name: string;
  /** Other names it is found by (an Ignition artifact's `Module#Contract`). */
  aliases: string[];
  abi: AbiEntry[];
  /** The source file it was compiled from, relative to the project (`src/Vault.sol`), as the compiler says. */
  source?: string;
}

/** A deployed contract, from a deployment record. */
export interface DeploymentRecord {
  address: Address;
  /** undefined: hardhat-deploy's network whose `.chainId` is not known yet. */
  chainId: number | undefined;
  /** The contract's name (an artifact's) or, for Ignition, the future id's contract part. */
  name: string;
  /** The artifact to look for first: Ignition's own, named by the future id (`Module#Contract`). */
  artifact?: string;
  /** hardhat-deploy keeps the ABI beside the address (for a proxy: merged with its implementation's). */
  abi?: AbiEntry[];
  /** hardhat-deploy's `implementation`, for a proxy. */
  implementation?: Address;
  /** An OpenZeppelin upgrades proxy: its implementation is read from the EIP-1967 slot. */
  proxy?: 'erc1967' | 'beacon';
}

export interface FileContents {
  artifacts: ArtifactRecord[];
  deployments: DeploymentRecord[];
  /** hardhat-deploy's `.chainId` file: the chain of its network's folder. */
  networkChainId?: { network: string; chainId: number };
}

/** The folders that never hold what we read (dependencies, compiler inputs and debug files). */
const SKIPPED = /(^|\/)(node_modules|\.git|build-info|cache)\//;
const NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const CHAIN_ID = /^\d{1,12}$/;

/** The layout of the file at `path` (relative to its workspace folder, `/`-separated), or undefined to skip it. */
export function classifyPath(path: string): FileKind | undefined {
  if (SKIPPED.test(path) || path.endsWith('.dbg.json')) return undefined;
  const parts = path.split('/');
  const file = parts[parts.length - 1] ?? '';
  const parent = parts[parts.length - 2];
  const grand = parts[parts.length - 3];
  let m: RegExpMatchArray | null;
  if (file === 'run-latest.json' && parent && CHAIN_ID.test(parent) && parts.includes('broadcast')) {
    return { kind: 'foundryBroadcast', chainId: Number(parent) };
  }
  if (file === 'deployed_addresses.json' && parent && (m = /^chain-(\d{1,12})$/.exec(parent)) && grand === 'deployments') {
    return { kind: 'ignitionAddresses', chainId: Number(m[1]) };
  }
  if (file === '.chainId' && parent && grand === 'deployments') return { kind: 'hardhatDeployChainId', network: parent };
  if (parent === '.openzeppelin' && (m = /^unknown-(\d{1,12})\.json$/.exec(file))) return { kind: 'openZeppelin', chainId: Number(m[1]) };
  if (parent === '.openzeppelin') {
    const known = OPENZEPPELIN_NETWORKS.get(file.replace(/\.json$/, ''));
    return known === undefined ? undefined : { kind: 'openZeppelin', chainId: known };
  }
  if ((m = /^(.+)\.abi\.json$/.exec(file))) return { kind: 'plainAbi', contract: m[1]! };
  if (!file.endsWith('.json')) return undefined;
  const base = file.slice(0, -'.json'.length);
  if (grand === 'deployments' && parent) return { kind: 'hardhatDeploy', network: parent, contract: base };
  const outAt = parts.lastIndexOf('out');
  // Foundry: out/<File>.sol/<Contract>.json, or <Contract>.<solc version>.json when several compilers built it.
  if (outAt >= 0 && outAt === parts.length - 3 && parent?.endsWith('.sol')) return { kind: 'foundryArtifact', contract: base.replace(/\..*$/, '') };
  if (parts.includes('artifacts')) return { kind: 'hardhatArtifact', contract: base };
  return undefined;
}

/** OpenZeppelin's manifest names for networks it knows (others are `unknown-<chainId>.json`). */
const OPENZEPPELIN_NETWORKS: ReadonlyMap<string, number> = new Map([
  ['mainnet', 1],
  ['sepolia', 11155111],
  ['holesky', 17000],
]);

/** What a file of this kind says; `json` is the parsed file (the text, for `.chainId`). */
export function readFile(kind: FileKind, json: unknown): FileContents {
  const none: FileContents = { artifacts: [], deployments: [] };
  switch (kind.kind) {
    case 'foundryArtifact':
      return isObject(json) ? { ...none, artifacts: artifactOf(kind.contract, json.abi, [], foundrySource(json)) } : none;
    case 'hardhatArtifact': {
      if (!isObject(json)) return none;
      const name = typeof json.contractName === 'string' && NAME.test(json.contractName) ? json.contractName : kind.contract;
      return { ...none, artifacts: artifactOf(name, json.abi, name === kind.contract ? [] : [kind.contract], sourcePath(json.sourceName)) };
    }
    case 'plainAbi':
      return { ...none, artifacts: artifactOf(kind.contract, Array.isArray(json) ? json : isObject(json) ? json.abi : undefined, []) };
    case 'foundryBroadcast':
      return { ...none, deployments: broadcastDeployments(json, kind.chainId) };
    case 'ignitionAddresses':
      return { ...none, deployments: ignitionDeployments(json, kind.chainId) };
    case 'hardhatDeploy':
      return { ...none, deployments: hardhatDeployment(json, kind.contract) };
    case 'hardhatDeployChainId': {
      const text = typeof json === 'string' ? json.trim() : typeof json === 'number' ? String(json) : '';
      return CHAIN_ID.test(text) ? { ...none, networkChainId: { network: kind.network, chainId: Number(text) } } : none;
    }
    case 'openZeppelin':
      return { ...none, deployments: openZeppelinProxies(json, kind.chainId) };
  }
}

function artifactOf(name: string, abi: unknown, aliases: string[], source?: string): ArtifactRecord[] {
  if (!NAME.test(name) && aliases.length === 0) return [];
  const entries = readAbi(abi);
  if (!entries.length) return [];
  return [source ? { name, aliases, abi: entries, source } : { name, aliases, abi: entries }];
}

/** Foundry: the compilation target in the metadata (`{"src/Vault.sol": "Vault"}`), else the AST's path. */
function foundrySource(json: Record<string, unknown>): string | undefined {
  const settings = isObject(json.metadata) && isObject(json.metadata.settings) ? json.metadata.settings : undefined;
  const target = settings && isObject(settings.compilationTarget) ? Object.keys(settings.compilationTarget)[0] : undefined;
  return sourcePath(target) ?? sourcePath(isObject(json.ast) ? json.ast.absolutePath : undefined);
}

/** A relative path inside the project: no `..`, no root, no backslash, no scheme. */
function sourcePath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 512 || !/\.sol$/.test(value)) return undefined;
  if (value.startsWith('/') || value.includes('\\') || value.includes(':') || value.split('/').some((p) => p === '..' || p === '')) return undefined;
  return value;
}

/** The most deployment records read from one file. */
export const MAX_DEPLOYMENTS_PER_FILE = 2000;

/** `transactions[]` of `run-latest.json`: each CREATE or CREATE2 with its contract's name and address. */
function broadcastDeployments(json: unknown, chainId: number): DeploymentRecord[] {
  if (!isObject(json) || !Array.isArray(json.transactions)) return [];
  const out: DeploymentRecord[] = [];
  for (const tx of json.transactions.slice(0, MAX_DEPLOYMENTS_PER_FILE)) {
    if (!isObject(tx) || (tx.transactionType !== 'CREATE' && tx.transactionType !== 'CREATE2')) continue;
    if (typeof tx.contractName !== 'string' || !NAME.test(tx.contractName) || !isAddress(tx.contractAddress)) continue;
    out.push({ address: lower(tx.contractAddress), chainId, name: tx.contractName });
  }
  return out;
}

/** `{"Module#Contract": "0x…"}`. */
function ignitionDeployments(json: unknown, chainId: number): DeploymentRecord[] {
  if (!isObject(json)) return [];
  const out: DeploymentRecord[] = [];
  for (const [futureId, address] of Object.entries(json).slice(0, MAX_DEPLOYMENTS_PER_FILE)) {
    const name = futureId.slice(futureId.indexOf('#') + 1);
    if (!NAME.test(name) || !isAddress(address)) continue;
    out.push({ address: lower(address), chainId, name, artifact: futureId });
  }
  return out;
}

/** `deployments/<network>/<Name>.json`: `address`, `abi`, and `implementation` for a proxy. */
function hardhatDeployment(json: unknown, name: string): DeploymentRecord[] {
  if (!isObject(json) || !isAddress(json.address) || !NAME.test(name)) return [];
  const record: DeploymentRecord = { address: lower(json.address), chainId: undefined, name };
  const abi = readAbi(json.abi);
  if (abi.length) record.abi = abi;
  if (isAddress(json.implementation)) record.implementation = lower(json.implementation);
  return [record];
}

/** `.openzeppelin/<network>.json`: `proxies[]` with `address` and `kind`; the implementation is on chain. */
function openZeppelinProxies(json: unknown, chainId: number): DeploymentRecord[] {
  if (!isObject(json) || !Array.isArray(json.proxies)) return [];
  const out: DeploymentRecord[] = [];
  for (const p of json.proxies.slice(0, MAX_DEPLOYMENTS_PER_FILE)) {
    if (!isObject(p) || !isAddress(p.address)) continue;
    const proxy = p.kind === 'beacon' ? 'beacon' : 'erc1967';
    out.push({ address: lower(p.address), chainId, name: proxy === 'beacon' ? 'BeaconProxy' : 'ERC1967Proxy', proxy });
  }
  return out;
}

function lower(address: string): Address {
  return address.toLowerCase() as Address;
}

/**
 * The source file of an artifact at `artifactPath` (relative to its workspace folder), when the compiler
 * named one: the project is the folder holding `out/` (Foundry) or `artifacts/` (Hardhat).
 */
export function sourceFileOf(artifactPath: string, source: string | undefined): string | undefined {
  if (!source) return undefined;
  const parts = artifactPath.split('/');
  const ignition = parts.lastIndexOf('ignition');
  const at = ignition >= 0 ? ignition : Math.max(parts.lastIndexOf('out'), parts.lastIndexOf('artifacts'));
  if (at < 0) return undefined;
  return [...parts.slice(0, at), source].join('/');
}
