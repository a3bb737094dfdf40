/**
 * HyperCore → HyperEVM transfers: system transactions ("HyperCore <> HyperEVM transfers" in the docs).
 * Every spot token has a system address, `0x20` followed by its index big-endian; HYPE's is `0x2222…2222`.
 * HYPE arrives as a plain value transfer from `0x2222…2222`; another token by a call of
 * `transfer(recipient, amount)` on its linked ERC-20 (`spotMeta` `evmContract`) from the token's system
 * address. Archive nodes (nanoreth) show these as pseudo transactions with a gas price of 0; a node that
 * takes the sender from elsewhere may show another `from`, so a gas price of 0 on a linked contract's
 * `transfer` (or a plain value transfer) counts too. Pure.
 */
import { isAddress, lowerHex, SYSTEM_TOKEN_ADDRESS } from '../core/hex';
import type { Address, SpotToken, TransactionDetails } from '../core/model';
import { strictDecode } from '../core/strictAbi';
import type { HyperCoreDirectory } from './hyperCoreDirectory';

export const HYPE_SYSTEM_ADDRESS = '0x2222222222222222222222222222222222222222';
/** `transfer(address,uint256)`. */
const TRANSFER_SELECTOR = '0xa9059cbb';

/** The system address of spot token `index`. */
export function tokenSystemAddress(index: number): Address {
  return `0x20${index.toString(16).padStart(38, '0')}`;
}

/** The spot token index a `0x20…` system address stands for; undefined for any other address (or one beyond 2^53). */
export function systemTokenIndex(address: string): number | undefined {
  const a = address.toLowerCase();
  if (!SYSTEM_TOKEN_ADDRESS.test(a)) return undefined;
  const index = BigInt(`0x${a.slice(4)}`);
  return index <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(index) : undefined;
}

export type SystemTransfer =
  | {
      kind: 'hype';
      /** `from` is `0x2222…2222`, or the gas price is 0 (`gasPrice`). */
      by: 'sender' | 'gasPrice';
      recipient: Address;
      /** In wei (18 decimals): HYPE is HyperEVM's native coin. */
      amount: bigint;
    }
  | {
      kind: 'token';
      by: 'sender' | 'gasPrice';
      /** The index the sender's system address names (undefined when found by the gas price). */
      systemIndex?: number;
      /** The token, when `spotMeta` names it. */
      token?: SpotToken;
      contract: Address;
      recipient: Address;
      /** In the ERC-20's smallest unit. */
      amount: bigint;
      /** The ERC-20's decimals (`weiDecimals + evm_extra_wei_decimals`), when the token and its link are known. */
      decimals?: number;
      /** False when `spotMeta` links the token to another contract than the one called (shown, and said). */
      contractMatches: boolean;
    };

/** The HyperCore → HyperEVM transfer this transaction is, or undefined when it is none. */
export function systemTransferOf(
  tx: Pick<TransactionDetails, 'from' | 'to' | 'value' | 'input' | 'gasPrice'>,
  directory: HyperCoreDirectory,
): SystemTransfer | undefined {
  if (tx.to === null || !isAddress(tx.to)) return undefined;
  const from = tx.from.toLowerCase();
  const systemIndex = systemTokenIndex(from);
  const bySender = from === HYPE_SYSTEM_ADDRESS || systemIndex !== undefined;
  if (!bySender && tx.gasPrice !== 0n) return undefined;
  const by = bySender ? 'sender' : 'gasPrice';
  const to = lowerHex(tx.to);
  if (from === HYPE_SYSTEM_ADDRESS || (!bySender && tx.value > 0n && (tx.input === '0x' || tx.input === ''))) {
    return tx.value > 0n || bySender ? { kind: 'hype', by, recipient: to, amount: tx.value } : undefined;
  }
  const call = transferCall(tx.input);
  if (!call) return undefined;
  const token = systemIndex !== undefined ? directory.token(systemIndex) : directory.tokenByContract(to);
  if (!bySender && !token) return undefined; // a gas price of 0 alone, on a contract no token links: not ours to name
  const link = token?.evmContract;
  const decimals = link && token.weiDecimals !== undefined ? token.weiDecimals + link.evmExtraWeiDecimals : undefined;
  return {
    kind: 'token',
    by,
    ...(systemIndex !== undefined ? { systemIndex } : {}),
    ...(token ? { token } : {}),
    contract: to,
    recipient: call.recipient,
    amount: call.amount,
    ...(decimals !== undefined && decimals >= 0 ? { decimals } : {}),
    contractMatches: !link || link.address === to,
  };
}

/** `transfer(recipient, amount)` calldata, exactly (68 bytes); undefined for anything else. */
function transferCall(input: string): { recipient: Address; amount: bigint } | undefined {
  if (input.length !== 2 + 8 + 128 || input.slice(0, 10).toLowerCase() !== TRANSFER_SELECTOR) return undefined;
  const values = strictDecode([{ type: 'address' }, { type: 'uint256' }], `0x${input.slice(10)}`);
  return values ? { recipient: lowerHex(values[0] as string), amount: values[1] as bigint } : undefined;
}
