/**
 * The logs we know how to read: ERC-20 and ERC-721 `Transfer` and `Approval`. The two standards share
 * the event signatures; they differ in what is indexed: ERC-20 has 3 topics and the amount in 32 bytes
 * of data, ERC-721 has 4 topics (the token id indexed) and no data. Anything else is left unread.
 */
import { ADDRESS_HEX_DIGITS, HASH_HEX_DIGITS, isHash, lowerHex } from './hex';
import type { Address, DecodedLog, LogEntry } from './model';

/** keccak256("Transfer(address,address,uint256)") */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** keccak256("Approval(address,address,uint256)") */
export const APPROVAL_TOPIC = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';

/** An address in a topic (a 32-byte word): 12 zero bytes, then the 20 bytes of the address. */
const ADDRESS_PADDING = `0x${'0'.repeat(HASH_HEX_DIGITS - ADDRESS_HEX_DIGITS)}`;

/** The log read as an ERC-20/721 Transfer or Approval, or undefined when it is none of them. */
export function decodeLog(log: LogEntry): DecodedLog | undefined {
  const topics = log.topics;
  const event = topics[0]?.toLowerCase();
  if (event !== TRANSFER_TOPIC && event !== APPROVAL_TOPIC) return undefined;
  const a = topicAddress(topics[1]);
  const b = topicAddress(topics[2]);
  if (a === undefined || b === undefined) return undefined;
  const transfer = event === TRANSFER_TOPIC;
  if (topics.length === 3 && isHash(log.data)) {
    const amount = BigInt(log.data);
    return transfer ? { kind: 'erc20Transfer', from: a, to: b, amount } : { kind: 'erc20Approval', owner: a, spender: b, amount };
  }
  if (topics.length === 4 && (log.data === '0x' || log.data === '') && isHash(topics[3])) {
    const tokenId = BigInt(topics[3] as string);
    return transfer ? { kind: 'erc721Transfer', from: a, to: b, tokenId } : { kind: 'erc721Approval', owner: a, approved: b, tokenId };
  }
  return undefined;
}

function topicAddress(topic: string | undefined): Address | undefined {
  if (!isHash(topic) || !topic.startsWith(ADDRESS_PADDING)) return undefined;
  return lowerHex(`0x${topic.slice(ADDRESS_PADDING.length)}`);
}
