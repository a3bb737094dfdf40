/**
 * A short list of standard method signatures, by their 4-byte selector (the first 4 bytes of the
 * keccak-256 of the signature text). The test recomputes every selector from its text.
 */
import { HAS_SELECTOR } from './hex';

export const KNOWN_SIGNATURES: ReadonlyArray<readonly [selector: string, signature: string]> = [
  // ERC-20
  ['0xa9059cbb', 'transfer(address,uint256)'],
  ['0x095ea7b3', 'approve(address,uint256)'],
  ['0x23b872dd', 'transferFrom(address,address,uint256)'],
  // ERC-721
  ['0x42842e0e', 'safeTransferFrom(address,address,uint256)'],
  ['0xb88d4fde', 'safeTransferFrom(address,address,uint256,bytes)'],
  ['0xa22cb465', 'setApprovalForAll(address,bool)'],
  // WHYPE (WETH9)
  ['0xd0e30db0', 'deposit()'],
  ['0x2e1a7d4d', 'withdraw(uint256)'],
  // Uniswap V2-style routers
  ['0x38ed1739', 'swapExactTokensForTokens(uint256,uint256,address[],address,uint256)'],
  ['0x8803dbee', 'swapTokensForExactTokens(uint256,uint256,address[],address,uint256)'],
  ['0x7ff36ab5', 'swapExactETHForTokens(uint256,address[],address,uint256)'],
  ['0x18cbafe5', 'swapExactTokensForETH(uint256,uint256,address[],address,uint256)'],
  ['0xe8e33700', 'addLiquidity(address,address,uint256,uint256,uint256,uint256,address,uint256)'],
  ['0xf305d719', 'addLiquidityETH(address,uint256,uint256,uint256,address,uint256)'],
  ['0xbaa2abde', 'removeLiquidity(address,address,uint256,uint256,uint256,address,uint256)'],
  // Uniswap V3-style routers (SwapRouter, SwapRouter02)
  ['0x414bf389', 'exactInputSingle((address,address,uint24,address,uint256,uint256,uint256,uint160))'],
  ['0x04e45aaf', 'exactInputSingle((address,address,uint24,address,uint256,uint256,uint160))'],
  ['0xc04b8d59', 'exactInput((bytes,address,uint256,uint256,uint256))'],
  ['0xdb3e2198', 'exactOutputSingle((address,address,uint24,address,uint256,uint256,uint256,uint160))'],
  // Universal Router
  ['0x3593564c', 'execute(bytes,bytes[],uint256)'],
  ['0x24856bc3', 'execute(bytes,bytes[])'],
  // Multicall (routers' own, and Multicall3)
  ['0xac9650d8', 'multicall(bytes[])'],
  ['0x5ae401dc', 'multicall(uint256,bytes[])'],
  ['0x252dba42', 'aggregate((address,bytes)[])'],
  ['0x82ad56cb', 'aggregate3((address,bool,bytes)[])'],
  ['0x174dea71', 'aggregate3Value((address,bool,uint256,bytes)[])'],
  ['0xbce38bd7', 'tryAggregate(bool,(address,bytes)[])'],
];

const NAMES = new Map<string, string>(KNOWN_SIGNATURES.map(([selector, signature]) => [selector, signature.slice(0, signature.indexOf('('))]));

/** The 4-byte selector of calldata (`0x` + 8 hex digits, lowercase), or null when there is none. */
export function selectorOf(input: string | undefined): string | null {
  if (input === undefined || !HAS_SELECTOR.test(input)) return null;
  return input.slice(0, 10).toLowerCase();
}

/** The method's name (`transfer`) when the selector is one of the known ones. */
export function methodName(selector: string): string | undefined {
  return NAMES.get(selector.toLowerCase());
}
