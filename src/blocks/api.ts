/** What the block feature offers other features: warming the connection up while the user types a query. */
export { warmUp } from './blockPanel';
