/** What the transaction feature offers other features: its page, for a transaction already fetched (Look Up). */
export { showTransaction } from './openTransactionCommand';
