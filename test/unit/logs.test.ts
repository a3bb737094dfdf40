/** ERC-20 and ERC-721 Transfer and Approval logs are read; everything else is left alone. */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { encodeEventTopics, encodeAbiParameters, parseAbi } from 'viem';
import { APPROVAL_TOPIC, decodeLog, TRANSFER_TOPIC } from '../../src/core/logs';
import type { Hash, LogEntry } from '../../src/core/model';

const A = '0x1111111111111111111111111111111111111111';
const B = '0x2222222222222222222222222222222222222222';
const TOKEN = '0x9b498c3c8a0b8cd8ba1d9851d40d186f1872b44e';
const erc20 = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
]);
const erc721 = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)',
]);
const amountData = (n: bigint) => encodeAbiParameters([{ type: 'uint256' }], [n]);
const log = (topics: string[], data: string): LogEntry => ({ address: TOKEN, topics: topics as Hash[], data });

describe('decodeLog', () => {
  it('has the keccak topics of the standard events (from viem)', () => {
    assert.equal(encodeEventTopics({ abi: erc20, eventName: 'Transfer' })[0], TRANSFER_TOPIC);
    assert.equal(encodeEventTopics({ abi: erc20, eventName: 'Approval' })[0], APPROVAL_TOPIC);
  });

  it('reads ERC-20 Transfer and Approval (3 topics, the amount in 32 bytes of data)', () => {
    const transfer = encodeEventTopics({ abi: erc20, eventName: 'Transfer', args: { from: A, to: B } }) as string[];
    assert.deepEqual(decodeLog(log(transfer, amountData(10n ** 18n))), { kind: 'erc20Transfer', from: A, to: B, amount: 10n ** 18n });
    const approval = encodeEventTopics({ abi: erc20, eventName: 'Approval', args: { owner: B, spender: A } }) as string[];
    assert.deepEqual(decodeLog(log(approval, amountData(2n ** 256n - 1n))), { kind: 'erc20Approval', owner: B, spender: A, amount: 2n ** 256n - 1n });
  });

  it('reads ERC-721 Transfer and Approval (4 topics, the token id indexed, no data)', () => {
    const transfer = encodeEventTopics({ abi: erc721, eventName: 'Transfer', args: { from: A, to: B, tokenId: 7n } }) as string[];
    assert.deepEqual(decodeLog(log(transfer, '0x')), { kind: 'erc721Transfer', from: A, to: B, tokenId: 7n });
    const approval = encodeEventTopics({ abi: erc721, eventName: 'Approval', args: { owner: A, approved: B, tokenId: 2n ** 200n } }) as string[];
    assert.deepEqual(decodeLog(log(approval, '0x')), { kind: 'erc721Approval', owner: A, approved: B, tokenId: 2n ** 200n });
  });

  it('reads mixed-case topics and returns lowercase addresses', () => {
    const transfer = encodeEventTopics({ abi: erc20, eventName: 'Transfer', args: { from: A, to: B } }) as string[];
    const r = decodeLog(
      log(
        transfer.map((t) => t.toUpperCase().replace('0X', '0x')),
        amountData(5n),
      ),
    );
    assert.deepEqual(r, { kind: 'erc20Transfer', from: A, to: B, amount: 5n });
  });

  const unread: [string, LogEntry][] = [
    ['no topics', log([], '0x')],
    ['another event', log(['0x' + '12'.repeat(32), '0x' + word(A), '0x' + word(B)], amountData(1n))],
    ['ERC-20 shape with 64 bytes of data', log([TRANSFER_TOPIC, '0x' + word(A), '0x' + word(B)], amountData(1n) + '00'.repeat(32))],
    ['ERC-20 shape with no data', log([TRANSFER_TOPIC, '0x' + word(A), '0x' + word(B)], '0x')],
    ['ERC-721 shape with data', log([TRANSFER_TOPIC, '0x' + word(A), '0x' + word(B), '0x' + '00'.repeat(31) + '07'], amountData(1n))],
    ['an address topic with high bytes set', log([TRANSFER_TOPIC, '0x' + 'ff'.repeat(12) + A.slice(2), '0x' + word(B)], amountData(1n))],
    ['only two topics', log([TRANSFER_TOPIC, '0x' + word(A)], amountData(1n))],
    ['a short topic', log([TRANSFER_TOPIC, A, '0x' + word(B)], amountData(1n))],
  ];
  for (const [name, entry] of unread) it(`leaves ${name} unread`, () => assert.equal(decodeLog(entry), undefined));

  it('never throws on random topics and data (property)', () => {
    const hexBytes = (n: number) => fc.uint8Array({ minLength: n, maxLength: n }).map((b) => '0x' + Buffer.from(b).toString('hex'));
    const topic = fc.oneof(fc.constantFrom(TRANSFER_TOPIC, APPROVAL_TOPIC), hexBytes(32), fc.string());
    fc.assert(
      fc.property(fc.array(topic, { maxLength: 5 }), fc.oneof(hexBytes(32), fc.constant('0x'), fc.string()), (topics, data) => {
        const r = decodeLog(log(topics, data));
        assert.ok(r === undefined || typeof r.kind === 'string');
      }),
      { numRuns: 2000 },
    );
  });
});

function word(address: string): string {
  return address.slice(2).padStart(64, '0');
}
