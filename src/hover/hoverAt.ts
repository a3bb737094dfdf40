/**
 * The synchronous part of a hover, without vscode: the token check, then the cache. This is all a
 * hover on a known block, transaction or address costs, and all a hover on anything else costs (no
 * request).
 */
import type { Translate } from '../view/format';
import { addressHoverContent } from './addressHoverContent';
import { blockHoverContent } from './blockHoverContent';
import type { HoverContent } from './hoverContent';
import type { HoverData } from './hoverData';
import { findHoverToken, type HoverToken } from './hoverToken';
import { transactionHoverContent } from './transactionHoverContent';
import type { NameLookup } from './workspaceNames';

/** What the content needs besides the data: the time, the words, the explorer's base URL (the setting). */
export interface HoverContext {
  nowMs: number;
  t: Translate;
  explorerUrl: string;
  /** The workspace's names of addresses on the connected chain, when its contracts have been read. */
  names?: NameLookup;
}

export interface HoverAt {
  token: HoverToken;
  /** Present when the answer was cached; otherwise it has to be fetched (unless `nothing`). */
  content?: HoverContent;
  /** Known to show nothing, without a request: a 64-hex value that is no transaction on this chain. */
  nothing?: true;
}

/** The token at `character` and, when its answer is cached, its hover; undefined when there is no token. */
export function hoverAt(line: string, character: number, data: HoverData | undefined, context: HoverContext): HoverAt | undefined {
  const token = findHoverToken(line, character);
  if (!token) return undefined;
  if (!data) return { token };
  switch (token.kind) {
    case 'block': {
      const block = data.blocks.peek(token.value);
      return block ? { token, content: blockHoverContent(block, context.nowMs, context.t) } : { token };
    }
    case 'hash': {
      const tx = data.transactions.peek(token.hash);
      if (tx === null) return { token, nothing: true };
      return tx ? { token, content: transactionHoverContent(tx, context.t, context.names) } : { token };
    }
    case 'address': {
      const summary = data.addresses.peek(token.address);
      return summary ? { token, content: addressHoverContent(summary, context.explorerUrl, context.t, context.names?.(token.address)) } : { token };
    }
  }
}
