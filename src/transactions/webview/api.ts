/**
 * What the transaction page's script offers other pages (Read & Simulate): the call tree and decoded
 * values, drawn as on the transaction page.
 */
export { renderCallTree, type TreeContext } from './callTree';
export { renderArgs, renderDecoded, nameOf } from './decoded';
