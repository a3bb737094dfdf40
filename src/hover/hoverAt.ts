/**
 * The synchronous part of a hover, without vscode: the token check, then the cache. This is all a
 * hover on a known block costs, and all a hover on anything else costs (no request).
 */
import type { BlockLookup } from './blockLookup';
import type { Translate } from '../view/format';
import { blockHoverContent, type BlockHoverContent } from './blockHoverContent';
import { findHexToken, type HexToken } from './hexToken';

export interface HoverAt {
  token: HexToken;
  /** Present when the block was cached; otherwise the block has to be fetched. */
  content?: BlockHoverContent;
}

/** The hex block number at `character` and, when the block is cached, its hover; undefined when no token. */
export function hoverAt(line: string, character: number, lookup: BlockLookup | undefined, nowMs: number, t: Translate): HoverAt | undefined {
  const token = findHexToken(line, character);
  if (!token) return undefined;
  const block = lookup?.peek(token.value);
  return block ? { token, content: blockHoverContent(block, nowMs, t) } : { token };
}
