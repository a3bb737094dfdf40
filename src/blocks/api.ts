/**
 * What the block feature offers other features: the connection's one block source (the hovers read
 * blocks through it, so page and hover share one cache), and warming the connection up while the user
 * types a query.
 */
export { blockSourceFor, warmUp } from './blockSourceHost';
export type { BlockSource } from './blockSource';
