/** What the transaction feature offers other features: its page, for a transaction already fetched (Look Up). */
export { showTransaction } from './openTransactionCommand';
/** The call tree of a simulated call (Read & Simulate), drawn like a transaction's; the page's words. */
export { simulatedCallTree } from './callTreeViewModel';
export { transactionLabels } from './labels';
