/**
 * What the transaction page asks beyond the transaction itself to decode it with the workspace's
 * contracts: the implementation behind each proxy it touched (the EIP-1967 slot, `eth_getStorageAt`).
 * Each request fails on its own: a proxy whose slot cannot be read decodes with its own
 * ABI only. Pure.
 */
import { ADDRESS_WORD, HAS_SELECTOR } from '../core/hex';
import type { Address, Hash } from '../core/model';
import { outcome } from '../core/settled';
import type { TransactionBundle } from '../core/transactionLoad';
import type { ContractIndex, KnownAbi } from './contractIndex';
import { WorkspaceDecoder } from './decode';

/** The request it makes (the EVM client has it). */
export interface DecodingReader {
  getStorageAt(address: Address, slot: Hash, signal?: AbortSignal): Promise<Hash>;
}

export interface TransactionDecoding {
  decoder: WorkspaceDecoder;
  /** Proxies whose implementation slot could not be read. */
  unreadProxies: Address[];
}

/** `bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1)` (EIP-1967). */
export const EIP1967_IMPLEMENTATION_SLOT = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';

/** The most implementation slots read for one page. */
export const MAX_PROXY_READS = 8;

export async function loadDecoding(
  evm: DecodingReader,
  index: ContractIndex,
  chainId: number,
  bundle: TransactionBundle,
  signal?: AbortSignal,
): Promise<TransactionDecoding> {
  await index.prepareKeys(signal);
  const plain = new WorkspaceDecoder(index, chainId);
  const proxies = proxiesTouched(plain, bundle).slice(0, MAX_PROXY_READS);
  const slots = await Promise.all(proxies.map(async (p) => ({ p, word: await outcome(evm.getStorageAt(p, EIP1967_IMPLEMENTATION_SLOT, signal)) })));
  const implementations = new Map<string, Address>();
  const unreadProxies: Address[] = [];
  for (const { p, word } of slots) {
    const impl = word.ok ? addressInWord(word.value) : undefined;
    if (impl) implementations.set(p, impl);
    else if (!word.ok) unreadProxies.push(p);
  }
  return { decoder: new WorkspaceDecoder(index, chainId, implementations), unreadProxies };
}

/**
 * The workspace contracts this transaction called that may be proxies: an OpenZeppelin proxy, or a
 * contract whose own ABI does not have the function called, unless hardhat-deploy named its
 * implementation already.
 */
export function proxiesTouched(decoder: WorkspaceDecoder, bundle: TransactionBundle): Address[] {
  const calls: Array<{ to: string | null; input: string | undefined }> = [{ to: bundle.tx.to, input: bundle.tx.input }];
  if (bundle.trace.ok) for (const e of bundle.trace.value) if (e.type !== 'DELEGATECALL') calls.push({ to: e.to, input: e.input });
  const out = new Set<Address>();
  for (const { to, input } of calls) {
    const c = decoder.contractAt(to);
    if (!c || c.implementation) continue;
    if (c.proxy === 'erc1967' || (input && HAS_SELECTOR.test(input) && !decoder.functionName(to, input.slice(0, 10)))) out.add(c.address);
  }
  return [...out];
}

/** The address in the low 20 bytes of a storage word whose high 12 are zero; undefined for zero or anything else. */
export function addressInWord(word: string): Address | undefined {
  const m = ADDRESS_WORD.exec(word.toLowerCase());
  return m && !/^0+$/.test(m[1]!) ? (`0x${m[1]}` as Address) : undefined;
}

/** What Read & Simulate knows of one address: the decoder, the ABIs its calls decode with, and a proxy's implementation. */
export interface ContractDecoding {
  decoder: WorkspaceDecoder;
  /** The address's own ABI (or the artifact chosen for it), then its implementation's. */
  abis: KnownAbi[];
  /** The implementation behind an EIP-1967 proxy, as its slot says; undefined when it is none or was not read. */
  implementation?: Address;
  /** The implementation slot could not be read. */
  unreadProxy: boolean;
}

/**
 * The ABIs of `address`: its deployment record's (or `chosen`, an artifact the user picked for it), and
 * the implementation's behind an EIP-1967 proxy (hardhat-deploy's named one, else the slot read).
 */
export async function loadContractDecoding(
  evm: DecodingReader,
  index: ContractIndex,
  chainId: number,
  address: Address,
  chosen: KnownAbi | undefined,
  signal?: AbortSignal,
): Promise<ContractDecoding> {
  await index.prepareKeys(signal);
  const plain = new WorkspaceDecoder(index, chainId);
  const c = plain.contractAt(address);
  let implementation = c?.implementation;
  let unreadProxy = false;
  const ownAbi = chosen ?? c?.abi;
  const hasFunctions = ownAbi?.entries.some((e) => e.type === 'function') ?? false;
  if (!implementation && (c?.proxy === 'erc1967' || !hasFunctions)) {
    const word = await outcome(evm.getStorageAt(address, EIP1967_IMPLEMENTATION_SLOT, signal));
    implementation = word.ok ? addressInWord(word.value) : undefined;
    unreadProxy = !word.ok;
  }
  const implementations = new Map<string, Address>(implementation && c ? [[c.address, implementation]] : []);
  const decoder = new WorkspaceDecoder(index, chainId, implementations);
  const abis = ownAbi ? [ownAbi] : [];
  const implAbi = implementation ? decoder.contractAt(implementation)?.abi : undefined;
  if (implAbi && implAbi !== ownAbi) abis.push(implAbi);
  return { decoder, abis, ...(implementation ? { implementation } : {}), unreadProxy };
}
