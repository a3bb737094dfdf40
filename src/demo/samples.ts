// Stable samples of the demo chain for tests and the tour: one transaction of each kind the transaction
// page shows, an address with code and one without, a block hash. All of them come from the sample
// block (`DEMO_BLOCKS.sampleBlock`), a pure function of its number, so they are the same on every run.
import {
  DEMO_BLOCKS,
  DEMO_CORE_STRATEGY,
  DEMO_CREATED_CONTRACT,
  DEMO_NFT_CONTRACT,
  DEMO_SAMPLE_ACCOUNT,
  DEMO_TOKEN_CONTRACT,
  DEMO_WHYPE,
  demoBlockHash,
  demoBlockModel,
  type DemoSampleKind,
  type DemoTransaction,
} from './chain';
import { DEMO_FAILED_REASON, DEMO_PANIC_CODE, demoBalance } from './transactions';

type Hex = `0x${string}`;

function sampleBlockTransactions(): DemoTransaction[] {
  const m = demoBlockModel(DEMO_BLOCKS.sampleBlock);
  if (!m) throw new Error('the demo sample block does not exist');
  return m.transactions;
}

function sampleTx(kind: DemoSampleKind): Hex {
  const tx = sampleBlockTransactions().find((t) => t.sample === kind);
  if (!tx) throw new Error(`the demo sample block has no ${kind} transaction`);
  return tx.hash as Hex;
}

export const DEMO_SAMPLES = {
  /** The block that holds every sample transaction (odd: slim shape), after 1–3 system transactions. */
  blockWithTransactions: DEMO_BLOCKS.sampleBlock,
  /** Its hash: `eth_getBlockByHash` finds it; Look Up… of it opens the block. */
  blockHash: demoBlockHash(DEMO_BLOCKS.sampleBlock) as Hex,
  /** A plain HYPE transfer of 1.5 HYPE from `account`, successful, no logs. */
  transferTx: sampleTx('transfer'),
  /** `transferFrom` on the token contract: an ERC-20 Transfer (250 USDT0 units) and Approval log. */
  erc20TransferTx: sampleTx('erc20Transfer'),
  /** `safeTransferFrom` on an ERC-721 collection: a Transfer of token 4821 (4 topics, no data), and an internal call. */
  erc721TransferTx: sampleTx('erc721Transfer'),
  /** A failed swap: `Error(string)` with `failedReason`. */
  failedTx: sampleTx('failed'),
  failedReason: DEMO_FAILED_REASON,
  /** A failed transfer: `Panic(uint256)` with `panicCode` (0x11, arithmetic overflow or underflow). */
  panicTx: sampleTx('panic'),
  panicCode: DEMO_PANIC_CODE,
  /** A failed call with a custom error, `InsufficientBalance(uint256,uint256)` (selector 0xcf479181). */
  customErrorTx: sampleTx('customError'),
  /** A contract creation from `account`; it created `createdContract`. */
  creationTx: sampleTx('creation'),
  createdContract: DEMO_CREATED_CONTRACT as Hex,
  /**
   * A trading contract's `placeLimitOrder`: it reads BTC's oracle price (precompile 0x807), then sends a
   * CoreWriter limit order, buy 0.25 BTC at 101,000, Gtc; CoreWriter logs it (RawAction) for the contract.
   */
  coreWriterOrderTx: sampleTx('coreWriterOrder'),
  coreStrategy: DEMO_CORE_STRATEGY as Hex,
  /** USDH's `mint`: a Transfer from 0x0 and CoreWriter action 14, reflecting a mint of 25,000 USDH (token 360) in HyperCore's supply. */
  coreWriterSupplyChangeTx: sampleTx('coreWriterSupplyChange'),
  /** A trading contract's CoreWriter order on an outcome market: buy 10 of outcome 516, side 0 (asset 100005160), at 0.65. */
  coreWriterOutcomeOrderTx: sampleTx('coreWriterOutcomeOrder'),
  /** A transfer from HyperCore (system transaction): 0.5 UBTC from token 197's system address to `systemTransferRecipient`. */
  systemTransferTx: sampleTx('systemTransfer'),
  /** WHYPE `withdraw(2.5 HYPE)`: the trace has an internal CALL sending 2.5 HYPE back to the sender. */
  internalTransfersTx: sampleTx('internalTransfers'),
  /** An address with code (WHYPE) and a balance. */
  contract: DEMO_WHYPE as Hex,
  /** The ERC-20 and ERC-721 contracts of the sample transfers. */
  tokenContract: DEMO_TOKEN_CONTRACT as Hex,
  nftContract: DEMO_NFT_CONTRACT as Hex,
  /** An account (no code) with a balance: the demo market maker, also a wallet with open orders. */
  account: DEMO_SAMPLE_ACCOUNT as Hex,
  accountBalanceWei: demoBalance(DEMO_SAMPLE_ACCOUNT),
  /** 64 hex digits that are neither a transaction nor a block on the demo chain. */
  unknownHash: ('0x' + '5e'.repeat(32)) as Hex,
} as const;
