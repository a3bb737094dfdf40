/**
 * HyperCore, as HyperEVM shows it: what the HyperCore feature offers other features. The decoding is
 * pure (CoreWriter actions, read precompile calls, transfers from HyperCore, and their names and views);
 * the transaction page's section loads its host module (which asks `/info` for names) on first use.
 */
export { CORE_WRITER_ADDRESS, decodeCoreAction, rawActionOf, sendRawActionData } from './coreWriter';
export { decodePrecompileCall, PRECOMPILES, type DecodedValue, type PrecompileInfo, type PrecompileValue } from './readPrecompiles';
export { actionTitle } from './hyperCoreActions';
export { safeName } from './hyperCoreNames';
export { readName } from './hyperCoreViewModel';
export { hyperCoreLabels } from './hyperCoreLabels';
export type { HyperCoreLabels, HyperCoreView } from './protocol';

type SectionArgs = Parameters<(typeof import('./hyperCoreHost'))['hyperCoreSection']>;

/** The transaction page's HyperCore section for a bundle, or null (see hyperCoreHost.ts); its module loads on first use. */
export async function hyperCoreSection(...args: SectionArgs): ReturnType<(typeof import('./hyperCoreHost'))['hyperCoreSection']> {
  return (await import('./hyperCoreHost')).hyperCoreSection(...args);
}

type NamerArgs = Parameters<(typeof import('./hyperCoreHost'))['hyperCoreNamer']>;
export type { HyperCoreNamer } from './hyperCoreHost';
export type { HyperCoreReadView } from './protocol';

/** Names and units for Read & Simulate's HyperCore parts (see hyperCoreHost.ts); its module loads on first use. */
export async function hyperCoreNamer(...args: NamerArgs): ReturnType<(typeof import('./hyperCoreHost'))['hyperCoreNamer']> {
  return (await import('./hyperCoreHost')).hyperCoreNamer(...args);
}
