/**
 * Hand-assembled EVM contracts for the transaction conformance tests (no Solidity compiler here): a token
 * that logs ERC-20 Transfer and Approval and an ERC-721 Transfer on every call, contracts that revert with
 * given data, and one that forwards the value it gets to the address in its calldata. Each comment gives
 * the opcodes; `deployCode` wraps a runtime in init code that returns it.
 */
import type { Hex } from 'viem';

const TRANSFER = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const APPROVAL = '8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';

const push2 = (n: number) => '61' + n.toString(16).padStart(4, '0');

/** Init code that copies `runtime` to memory and returns it: PUSH2 len, DUP1, PUSH1 12, PUSH1 0, CODECOPY, PUSH1 0, RETURN. */
export function deployCode(runtime: string): Hex {
  const r = runtime.replace(/^0x/, '').replace(/\s+/g, '');
  return `0x${push2(r.length / 2)}80600c6000396000f3${r}`;
}

/**
 * Called with `transfer(address to, uint256 amount)` calldata, logs (amount in memory 0..32):
 * Transfer(caller, to, amount) and Approval(caller, to, amount) as ERC-20 (LOG3 + 32 bytes), then
 * Transfer(caller, to, tokenId = amount) as ERC-721 (LOG4, no data).
 */
export const TOKEN_RUNTIME =
  '602435600052' + // CALLDATALOAD(36) → MSTORE(0)
  `60043533 7f${TRANSFER} 60206000 a3` + // LOG3(0, 32, Transfer, CALLER, CALLDATALOAD(4))
  `60043533 7f${APPROVAL} 60206000 a3` + // LOG3(0, 32, Approval, CALLER, CALLDATALOAD(4))
  `602435 60043533 7f${TRANSFER} 60006000 a4` + // LOG4(0, 0, Transfer, CALLER, CALLDATALOAD(4), CALLDATALOAD(36))
  '00';

/** Always reverts with `data`: PUSH2 len, PUSH1 14, PUSH1 0, CODECOPY, PUSH2 len, PUSH1 0, REVERT, then the data. */
export function revertRuntime(data: Hex): string {
  const d = data.slice(2);
  const len = d.length / 2;
  return `${push2(len)}600e600039${push2(len)}6000fd${d}`;
}

/** Sends CALLVALUE to the address in calldata word 0, then stops: CALL(GAS, CALLDATALOAD(0), CALLVALUE, 0, 0, 0, 0). */
export const FORWARDER_RUNTIME = '6000600060006000' + '34' + '600035' + '5a' + 'f1' + '50' + '00';
