/**
 * What the hover sample (the walkthrough's last step) shows: a block number, a transaction hash and an
 * address that the demo chain has, so that each gets its hover with demo data on. Pure: a unit test
 * holds them equal to the demo node's samples (the demo code stays out of the extension's bundle).
 */
export const HOVER_SAMPLE_VALUES = {
  block: '0x1a2b',
  /** DEMO_SAMPLES.transferTx: a 1.5 HYPE transfer. */
  transaction: '0x24ef5dc5023c75867cba55706c9f1344ff40853db38b0f6264bcc3474fae2463',
  /** DEMO_SAMPLES.account: an account with a balance (and open orders on the demo node). */
  address: '0x3217cce5d8c320717e50df51e36008fef107018c',
} as const;
